ALTER TABLE "brand_kits" ADD COLUMN "intro_id" text;--> statement-breakpoint
ALTER TABLE "brand_kits" ADD COLUMN "outro_id" text;