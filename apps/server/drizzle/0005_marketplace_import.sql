CREATE TYPE "public"."marketplace_import_status" AS ENUM('queued', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "marketplace_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"marketplace" text NOT NULL,
	"status" "marketplace_import_status" DEFAULT 'queued' NOT NULL,
	"cursor" text,
	"run" integer DEFAULT 1 NOT NULL,
	"pages_done" integer DEFAULT 0 NOT NULL,
	"seen_listings" integer DEFAULT 0 NOT NULL,
	"created_items" integer DEFAULT 0 NOT NULL,
	"linked_items" integer DEFAULT 0 NOT NULL,
	"unchanged_items" integer DEFAULT 0 NOT NULL,
	"photos_imported" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure_reason" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_imports_id_length" CHECK (char_length("marketplace_imports"."id") >= 20)
);
--> statement-breakpoint
ALTER TABLE "marketplace_imports" ADD CONSTRAINT "marketplace_imports_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_imports" ADD CONSTRAINT "marketplace_imports_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_imports" ADD CONSTRAINT "marketplace_imports_connection_id_marketplace_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."marketplace_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_imports_account_idx" ON "marketplace_imports" USING btree ("account_id","connection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_imports_one_active" ON "marketplace_imports" USING btree ("connection_id") WHERE "marketplace_imports"."status" in ('queued', 'running');