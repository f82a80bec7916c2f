CREATE TYPE "public"."shopify_metafield_sync_status" AS ENUM('queued', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "shopify_metafield_mappers" (
	"account_id" text PRIMARY KEY NOT NULL,
	"mapping" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopify_metafield_syncs" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"status" "shopify_metafield_sync_status" DEFAULT 'queued' NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"definition_count" integer,
	"definitions" jsonb,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "shopify_metafield_mappers" ADD CONSTRAINT "shopify_metafield_mappers_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_metafield_syncs" ADD CONSTRAINT "shopify_metafield_syncs_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shopify_metafield_syncs_account_idx" ON "shopify_metafield_syncs" USING btree ("account_id","requested_at");