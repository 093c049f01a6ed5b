CREATE TABLE "pronunciations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"word" text NOT NULL,
	"say_as" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "speed" double precision DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "clone_provider" text;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "clone_voice_id" text;--> statement-breakpoint
ALTER TABLE "pronunciations" ADD CONSTRAINT "pronunciations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pronunciations_team_word_idx" ON "pronunciations" USING btree ("team_id",lower("word"));