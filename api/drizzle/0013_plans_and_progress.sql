ALTER TABLE "avatars" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "avatars" ADD COLUMN "progress" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "usage_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "keep_watermark" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" DROP COLUMN "watermark";