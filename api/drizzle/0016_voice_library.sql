ALTER TABLE "avatars" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "builtin_voice_id" text;