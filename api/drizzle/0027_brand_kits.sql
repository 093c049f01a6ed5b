CREATE TABLE "brand_kits" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"colors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logo_id" text,
	"heading_font" jsonb,
	"body_font" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "brand" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "brand_kits" ADD CONSTRAINT "brand_kits_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;