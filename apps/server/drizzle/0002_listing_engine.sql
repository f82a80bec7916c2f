CREATE TYPE "public"."marketplace_rule_kind" AS ENUM('mapping', 'pricing', 'defaults');--> statement-breakpoint
CREATE TYPE "public"."listing_executor" AS ENUM('connector', 'extension');--> statement-breakpoint
CREATE TYPE "public"."listing_operation_kind" AS ENUM('list', 'delist', 'relist');--> statement-breakpoint
CREATE TYPE "public"."listing_operation_status" AS ENUM('queued', 'running', 'succeeded', 'failed', 'canceled');--> statement-breakpoint
CREATE TYPE "public"."connection_status" AS ENUM('connected', 'needs_reconnect', 'disconnected');--> statement-breakpoint
CREATE TABLE "marketplace_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"marketplace" text NOT NULL,
	"kind" "marketplace_rule_kind" NOT NULL,
	"rule" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_rules_id_length" CHECK (char_length("marketplace_rules"."id") >= 20)
);
--> statement-breakpoint
CREATE TABLE "listing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"item_id" text NOT NULL,
	"marketplace" text NOT NULL,
	"at" bigint NOT NULL,
	"by" text NOT NULL,
	"event" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "listing_events_id_length" CHECK (char_length("listing_events"."id") >= 20)
);
--> statement-breakpoint
CREATE TABLE "listing_operations" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"item_id" text NOT NULL,
	"marketplace" text NOT NULL,
	"operation" "listing_operation_kind" NOT NULL,
	"executor" "listing_executor" NOT NULL,
	"status" "listing_operation_status" DEFAULT 'queued' NOT NULL,
	"idempotency_key" text NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_operations_id_length" CHECK (char_length("listing_operations"."id") >= 20)
);
--> statement-breakpoint
CREATE TABLE "marketplace_connections" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"marketplace" text NOT NULL,
	"nickname" text NOT NULL,
	"status" "connection_status" DEFAULT 'connected' NOT NULL,
	"external_account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_connections_id_length" CHECK (char_length("marketplace_connections"."id") >= 20)
);
--> statement-breakpoint
CREATE TABLE "marketplace_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"marketplace" text NOT NULL,
	"ciphertext" text NOT NULL,
	"key_version" integer DEFAULT 1 NOT NULL,
	"hint" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_credentials_id_length" CHECK (char_length("marketplace_credentials"."id") >= 20)
);
--> statement-breakpoint
ALTER TABLE "marketplace_rules" ADD CONSTRAINT "marketplace_rules_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_events" ADD CONSTRAINT "listing_events_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_events" ADD CONSTRAINT "listing_events_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_operations" ADD CONSTRAINT "listing_operations_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_operations" ADD CONSTRAINT "listing_operations_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_connections" ADD CONSTRAINT "marketplace_connections_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_credentials" ADD CONSTRAINT "marketplace_credentials_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_credentials" ADD CONSTRAINT "marketplace_credentials_connection_id_marketplace_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."marketplace_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_rules_account_marketplace_idx" ON "marketplace_rules" USING btree ("account_id","marketplace","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_rules_single_unique" ON "marketplace_rules" USING btree ("account_id","marketplace","kind") WHERE "marketplace_rules"."kind" IN ('pricing', 'defaults');--> statement-breakpoint
CREATE INDEX "listing_events_item_idx" ON "listing_events" USING btree ("item_id","marketplace","at");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_operations_idempotency_unique" ON "listing_operations" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "listing_operations_claim_idx" ON "listing_operations" USING btree ("executor","marketplace","status","lease_expires_at");--> statement-breakpoint
CREATE INDEX "listing_operations_item_idx" ON "listing_operations" USING btree ("item_id","marketplace");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_connections_nickname_unique" ON "marketplace_connections" USING btree ("account_id","marketplace","nickname");--> statement-breakpoint
CREATE INDEX "marketplace_connections_account_idx" ON "marketplace_connections" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_credentials_connection_unique" ON "marketplace_credentials" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "marketplace_credentials_account_idx" ON "marketplace_credentials" USING btree ("account_id","marketplace");