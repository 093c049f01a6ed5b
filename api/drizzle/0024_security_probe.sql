CREATE TABLE "known_clients" (
	"user_id" uuid NOT NULL,
	"client_hash" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_clients_user_id_client_hash_pk" PRIMARY KEY("user_id","client_hash")
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "last_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "endpoint_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "known_clients" ADD CONSTRAINT "known_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;