CREATE TYPE "public"."sale_event_kind" AS ENUM('sale', 'double_sale');--> statement-breakpoint
CREATE TYPE "public"."sale_outcome_kind" AS ENUM('delist_queued', 'not_enabled', 'not_listed', 'quantity_left');--> statement-breakpoint
CREATE TYPE "public"."sale_source" AS ENUM('webhook', 'poll', 'executor', 'manual');--> statement-breakpoint
CREATE TYPE "public"."bulk_action_item_status" AS ENUM('done', 'failed', 'skipped');--> statement-breakpoint
CREATE TYPE "public"."bulk_action_run_status" AS ENUM('queued', 'running', 'cancelling', 'cancelled', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "sale_events" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"item_id" text NOT NULL,
	"marketplace" text NOT NULL,
	"external_order_id" text NOT NULL,
	"kind" "sale_event_kind" NOT NULL,
	"source" "sale_source" NOT NULL,
	"quantity" integer NOT NULL,
	"quantity_left" integer NOT NULL,
	"sale_price_cents" integer,
	"currency" text,
	"fees_cents" integer,
	"buyer_country" text,
	"sold_at" timestamp with time zone NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "sale_events_id_length" CHECK (char_length("sale_events"."id") >= 20)
);
--> statement-breakpoint
CREATE TABLE "sale_outcomes" (
	"event_id" text NOT NULL,
	"account_id" text NOT NULL,
	"marketplace" text NOT NULL,
	"outcome" "sale_outcome_kind" NOT NULL,
	"operation_id" text,
	CONSTRAINT "sale_outcomes_event_id_marketplace_pk" PRIMARY KEY("event_id","marketplace")
);
--> statement-breakpoint
CREATE TABLE "sale_poll_cursors" (
	"connection_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"polled_until" timestamp with time zone NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_action_run_items" (
	"run_id" text NOT NULL,
	"account_id" text NOT NULL,
	"position" integer NOT NULL,
	"item_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"status" "bulk_action_item_status" NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_action_run_items_run_id_item_id_pk" PRIMARY KEY("run_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "bulk_action_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"action" text NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"selection" jsonb NOT NULL,
	"item_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" "bulk_action_run_status" DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"batches_done" integer DEFAULT 0 NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"failure_reason" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_action_runs_id_length" CHECK (char_length("bulk_action_runs"."id") >= 20),
	CONSTRAINT "bulk_action_runs_action" CHECK ("bulk_action_runs"."action" IN ('bulkDelistRelist', 'bulkDelete', 'bulkMarkAsNotListed', 'bulkList', 'bulkEditLabels', 'bulkCopyItems', 'bulkDelist', 'bulkEdit')),
	CONSTRAINT "bulk_action_runs_counts" CHECK ("bulk_action_runs"."done" + "bulk_action_runs"."failed" + "bulk_action_runs"."skipped" <= "bulk_action_runs"."total" AND "bulk_action_runs"."position" <= cardinality("bulk_action_runs"."item_ids"))
);
--> statement-breakpoint
ALTER TABLE "sale_events" ADD CONSTRAINT "sale_events_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_events" ADD CONSTRAINT "sale_events_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_outcomes" ADD CONSTRAINT "sale_outcomes_event_id_sale_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."sale_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_poll_cursors" ADD CONSTRAINT "sale_poll_cursors_connection_id_marketplace_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."marketplace_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_action_run_items" ADD CONSTRAINT "bulk_action_run_items_run_id_bulk_action_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."bulk_action_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_action_run_items" ADD CONSTRAINT "bulk_action_run_items_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_action_runs" ADD CONSTRAINT "bulk_action_runs_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_action_runs" ADD CONSTRAINT "bulk_action_runs_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_action_runs" ADD CONSTRAINT "bulk_action_runs_owner_user_id_auth_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_events_order_unique" ON "sale_events" USING btree ("account_id","marketplace","external_order_id","item_id");--> statement-breakpoint
CREATE INDEX "sale_events_account_detected_idx" ON "sale_events" USING btree ("account_id","detected_at");--> statement-breakpoint
CREATE INDEX "bulk_action_run_items_status_idx" ON "bulk_action_run_items" USING btree ("run_id","status","position");--> statement-breakpoint
CREATE INDEX "bulk_action_runs_user_idx" ON "bulk_action_runs" USING btree ("account_id","user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bulk_action_runs_active_idx" ON "bulk_action_runs" USING btree ("updated_at") WHERE "bulk_action_runs"."status" in ('queued', 'running', 'cancelling');