CREATE TABLE "backgrounds" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"created_by" uuid,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"file" text NOT NULL,
	"preview" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_shares" (
	"video_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"allow_download" boolean DEFAULT false NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_shares_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "avatars" ADD COLUMN "matte" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "aspect_ratio" text DEFAULT '16:9' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "resolution" text DEFAULT '720p' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "background" jsonb;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "placement" jsonb DEFAULT '{"position":"full","scale":1}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "caption_style" jsonb;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "thumbnail" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "captions" text;--> statement-breakpoint
ALTER TABLE "backgrounds" ADD CONSTRAINT "backgrounds_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backgrounds" ADD CONSTRAINT "backgrounds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_shares" ADD CONSTRAINT "video_shares_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_shares" ADD CONSTRAINT "video_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backgrounds_team_idx" ON "backgrounds" USING btree ("team_id");