CREATE TYPE "public"."notification_kind" AS ENUM('sale', 'double_sale', 'delist_failed', 'bulk_finished');--> statement-breakpoint
CREATE TABLE "account_slack_webhooks" (
	"account_id" text PRIMARY KEY NOT NULL,
	"webhook_ciphertext" text NOT NULL,
	"key_version" integer NOT NULL,
	"webhook_hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email_sales" boolean DEFAULT true NOT NULL,
	"email_problems" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "notifications_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"key" text NOT NULL,
	"params" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"email_status" text DEFAULT 'none' NOT NULL,
	"email_error" text,
	"emailed_at" timestamp with time zone,
	"slack_status" text DEFAULT 'none' NOT NULL,
	"slack_error" text,
	"slacked_at" timestamp with time zone,
	CONSTRAINT "notifications_id_length" CHECK (char_length("notifications"."id") >= 20),
	CONSTRAINT "notifications_email_status_known" CHECK ("notifications"."email_status" IN ('none', 'pending', 'sent', 'failed')),
	CONSTRAINT "notifications_slack_status_known" CHECK ("notifications"."slack_status" IN ('none', 'pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "account_slack_webhooks" ADD CONSTRAINT "account_slack_webhooks_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_once_per_key" ON "notifications" USING btree ("account_id","user_id","kind","key");--> statement-breakpoint
CREATE INDEX "notifications_list_idx" ON "notifications" USING btree ("account_id","user_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("account_id","user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_pending_delivery_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."email_status" = 'pending' or "notifications"."slack_status" = 'pending';