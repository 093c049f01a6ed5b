CREATE TABLE "batch_rows" (
	"batch_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"title" text NOT NULL,
	"variables" jsonb NOT NULL,
	"avatar_id" text,
	"voice_id" text,
	"callback_url" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"video_id" uuid,
	"reason" text,
	CONSTRAINT "batch_rows_batch_id_row_pk" PRIMARY KEY("batch_id","row")
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"created_by" uuid,
	"template_id" uuid,
	"name" text NOT NULL,
	"body" jsonb NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"created_by" uuid,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "history" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "template_variables" jsonb;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "batch_row" integer;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_rows_status_idx" ON "batch_rows" USING btree ("batch_id","status");--> statement-breakpoint
CREATE INDEX "batches_team_idx" ON "batches" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "templates_team_idx" ON "templates" USING btree ("team_id","created_at");--> statement-breakpoint
ALTER TABLE "history" ADD CONSTRAINT "history_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE set null ON UPDATE no action;