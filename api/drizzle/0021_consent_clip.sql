CREATE TABLE "consent_phrases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid,
	"language" text NOT NULL,
	"phrase" text NOT NULL,
	"code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "avatars" ADD COLUMN "consent_method" text DEFAULT 'typed' NOT NULL;--> statement-breakpoint
ALTER TABLE "avatars" ADD COLUMN "consent_clip" text;--> statement-breakpoint
ALTER TABLE "avatars" ADD COLUMN "consent_phrase_id" uuid;--> statement-breakpoint
ALTER TABLE "avatars" ADD COLUMN "consent_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "avatars" ADD COLUMN "consent_review" text;--> statement-breakpoint
ALTER TABLE "consent_phrases" ADD CONSTRAINT "consent_phrases_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_phrases" ADD CONSTRAINT "consent_phrases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_phrases_team_idx" ON "consent_phrases" USING btree ("team_id");--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_consent_phrase_id_consent_phrases_id_fk" FOREIGN KEY ("consent_phrase_id") REFERENCES "public"."consent_phrases"("id") ON DELETE set null ON UPDATE no action;