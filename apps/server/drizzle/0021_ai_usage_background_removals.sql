CREATE TYPE "public"."background_removal_status" AS ENUM('queued', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "ai_usage" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"outcome" text NOT NULL,
	"error_code" text,
	"attempts" integer NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"cost" numeric(14, 6) DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_usage_id_length" CHECK (char_length("ai_usage"."id") >= 20),
	CONSTRAINT "ai_usage_kind_known" CHECK ("ai_usage"."kind" IN ('completion', 'photo_suggestions')),
	CONSTRAINT "ai_usage_provider_known" CHECK ("ai_usage"."provider" IN ('offline', 'openai-compatible')),
	CONSTRAINT "ai_usage_outcome_known" CHECK ("ai_usage"."outcome" IN ('ok', 'failed')),
	CONSTRAINT "ai_usage_counts_positive" CHECK ("ai_usage"."prompt_tokens" >= 0 AND "ai_usage"."completion_tokens" >= 0 AND "ai_usage"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "background_removals" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"source_image_id" text,
	"source_key" text,
	"origin_platform" text NOT NULL,
	"output" text NOT NULL,
	"colour" text,
	"status" "background_removal_status" DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"error" text,
	"result_key" text,
	"result_content_type" text,
	"width" integer,
	"height" integer,
	"counted" boolean DEFAULT false NOT NULL,
	"kept_image_id" text,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "background_removals_id_length" CHECK (char_length("background_removals"."id") >= 20),
	CONSTRAINT "background_removals_output" CHECK ("background_removals"."output" IN ('png', 'white', 'colour')),
	CONSTRAINT "background_removals_failure" CHECK ("background_removals"."failure" IS NULL OR "background_removals"."failure" IN ('sourceMissing', 'notAnImage', 'tooLarge', 'modelFailed')),
	CONSTRAINT "background_removals_progress" CHECK ("background_removals"."progress" BETWEEN 0 AND 100),
	CONSTRAINT "background_removals_source" CHECK ("background_removals"."source_image_id" IS NOT NULL OR "background_removals"."source_key" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_removals" ADD CONSTRAINT "background_removals_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_removals" ADD CONSTRAINT "background_removals_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_usage_account_created_idx" ON "ai_usage" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "background_removals_account_idx" ON "background_removals" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "background_removals_finished_idx" ON "background_removals" USING btree ("finished_at");