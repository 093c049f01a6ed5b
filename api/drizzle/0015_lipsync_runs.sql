ALTER TABLE "videos" ADD COLUMN "lipsync_engine" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "lipsync_job_id" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "lipsync_seconds" double precision;