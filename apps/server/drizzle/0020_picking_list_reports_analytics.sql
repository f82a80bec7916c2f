CREATE TYPE "public"."item_report_status" AS ENUM('queued', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "picking_line_checks" (
	"sale_event_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"verified_units" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" text,
	"verified_by_name" text,
	"verified_via" text,
	"history_id" text,
	"closed_at" timestamp with time zone,
	CONSTRAINT "picking_line_checks_units" CHECK ("picking_line_checks"."verified_units" >= 0),
	CONSTRAINT "picking_line_checks_via" CHECK ("picking_line_checks"."verified_via" IS NULL OR "picking_line_checks"."verified_via" IN ('scan', 'typed', 'photo'))
);
--> statement-breakpoint
CREATE TABLE "picking_list_form_defaults" (
	"account_id" text PRIMARY KEY NOT NULL,
	"layout" text NOT NULL,
	"days_back" integer NOT NULL,
	"include_in_person" boolean NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picking_list_form_defaults_layout" CHECK ("picking_list_form_defaults"."layout" IN ('order_per_page', 'compact')),
	CONSTRAINT "picking_list_form_defaults_days" CHECK ("picking_list_form_defaults"."days_back" BETWEEN 1 AND 365)
);
--> statement-breakpoint
CREATE TABLE "picking_list_history" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"action" text NOT NULL,
	"marketplace" text NOT NULL,
	"external_order_id" text NOT NULL,
	"actor_user_id" text,
	"actor_name" text NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picking_list_history_id_length" CHECK (char_length("picking_list_history"."id") >= 20),
	CONSTRAINT "picking_list_history_action" CHECK ("picking_list_history"."action" IN ('packed', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "picking_list_views" (
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"columns" jsonb NOT NULL,
	"sort" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "picking_list_views_account_id_user_id_pk" PRIMARY KEY("account_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "item_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" "item_report_status" DEFAULT 'queued' NOT NULL,
	"format" text NOT NULL,
	"columns" jsonb NOT NULL,
	"filters" jsonb NOT NULL,
	"locale" text NOT NULL,
	"time_zone" text NOT NULL,
	"currency" text NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"attempts" integer DEFAULT 1 NOT NULL,
	"sends" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"failure_detail" text,
	"file_key" text,
	"file_name" text,
	"file_size" bigint,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_reports_id_length" CHECK (char_length("item_reports"."id") >= 20),
	CONSTRAINT "item_reports_format" CHECK ("item_reports"."format" IN ('csv', 'xlsx')),
	CONSTRAINT "item_reports_locale" CHECK ("item_reports"."locale" IN ('en-US', 'en-GB', 'es', 'it')),
	CONSTRAINT "item_reports_failure" CHECK ("item_reports"."failure" IS NULL OR "item_reports"."failure" IN ('error', 'noAccess', 'tooLarge', 'stalled')),
	CONSTRAINT "item_reports_rows" CHECK ("item_reports"."rows_done" >= 0 AND ("item_reports"."rows_total" IS NULL OR "item_reports"."rows_total" >= 0))
);
--> statement-breakpoint
CREATE TABLE "report_defaults" (
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"defaults" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_defaults_account_id_user_id_pk" PRIMARY KEY("account_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
-- An account opened before it had a time zone takes its owner's country's: the country of
-- whoever created its protected admin role (as 0012 did for the currency).
UPDATE "accounts" SET "time_zone" = CASE "user_details"."country_code"
    WHEN 'UK' THEN 'Europe/London' WHEN 'ES' THEN 'Europe/Madrid' WHEN 'IT' THEN 'Europe/Rome'
    ELSE 'America/New_York' END
  FROM "roles" JOIN "user_details" ON "user_details"."user_id" = "roles"."user_id"
  WHERE "roles"."account_id" = "accounts"."account_id"
    AND "roles"."name" = 'admin' AND "roles"."is_protected";--> statement-breakpoint
ALTER TABLE "sale_events" ADD COLUMN "ship_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "picking_line_checks" ADD CONSTRAINT "picking_line_checks_sale_event_id_sale_events_id_fk" FOREIGN KEY ("sale_event_id") REFERENCES "public"."sale_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_line_checks" ADD CONSTRAINT "picking_line_checks_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_line_checks" ADD CONSTRAINT "picking_line_checks_verified_by_auth_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_line_checks" ADD CONSTRAINT "picking_line_checks_history_id_picking_list_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."picking_list_history"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_list_form_defaults" ADD CONSTRAINT "picking_list_form_defaults_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_list_form_defaults" ADD CONSTRAINT "picking_list_form_defaults_updated_by_auth_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_list_history" ADD CONSTRAINT "picking_list_history_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_list_history" ADD CONSTRAINT "picking_list_history_actor_user_id_auth_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_list_views" ADD CONSTRAINT "picking_list_views_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_list_views" ADD CONSTRAINT "picking_list_views_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_reports" ADD CONSTRAINT "item_reports_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_reports" ADD CONSTRAINT "item_reports_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_defaults" ADD CONSTRAINT "report_defaults_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_defaults" ADD CONSTRAINT "report_defaults_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "picking_line_checks_account_idx" ON "picking_line_checks" USING btree ("account_id","closed_at");--> statement-breakpoint
CREATE INDEX "picking_list_history_account_idx" ON "picking_list_history" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "item_reports_user_idx" ON "item_reports" USING btree ("account_id","user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "item_reports_expires_idx" ON "item_reports" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "item_reports_one_active" ON "item_reports" USING btree ("account_id","user_id") WHERE "item_reports"."status" IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX "sale_events_account_sold_idx" ON "sale_events" USING btree ("account_id","sold_at");