CREATE TABLE "video_segments" (
	"video_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_segments_video_id_index_pk" PRIMARY KEY("video_id","index")
);
--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "segments" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "segments_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_segments" ADD CONSTRAINT "video_segments_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;