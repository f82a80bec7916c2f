CREATE TYPE "public"."account_status" AS ENUM('active', 'inactive');--> statement-breakpoint
CREATE TYPE "public"."creation_source" AS ENUM('admin', 'enterprise');--> statement-breakpoint
CREATE TYPE "public"."access_level" AS ENUM('member', 'staff');--> statement-breakpoint
CREATE TYPE "public"."account_user_status" AS ENUM('active', 'pending', 'inactive');--> statement-breakpoint
CREATE TYPE "public"."speech_option" AS ENUM('disabled', 'speech_at_photo_step', 'speech_at_photo_step_collect_data', 'speech_flow_v1', 'speech_flow_v1_collect_data');--> statement-breakpoint
CREATE TYPE "public"."country_code" AS ENUM('US', 'UK', 'ES', 'IT');--> statement-breakpoint
CREATE TYPE "public"."test_user_type" AS ENUM('betaUser', 'listloopTeam');--> statement-breakpoint
CREATE TABLE "auth_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "auth_users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_users_email_unique" UNIQUE("email"),
	CONSTRAINT "auth_users_id_length" CHECK (char_length("auth_users"."id") >= 20),
	CONSTRAINT "auth_users_email_normalised" CHECK ("auth_users"."email" = lower(btrim("auth_users"."email")))
);
--> statement-breakpoint
CREATE TABLE "auth_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"account_id" text PRIMARY KEY NOT NULL,
	"account_name" text DEFAULT 'listloop' NOT NULL,
	"company_name" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"marketplace_allowed_to_access" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"brand_blacklist_by_marketplace" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_brands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"account_feature_flags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "account_status" DEFAULT 'active' NOT NULL,
	"custom_tags_suggestions_by_category" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tags_suggestions_by_category" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_slack_alerts_by_sale_detection_enabled" boolean DEFAULT false NOT NULL,
	"onboarding" jsonb,
	"creation_source" "creation_source" DEFAULT 'admin' NOT NULL,
	"usage_remove_background_image" integer DEFAULT 0 NOT NULL,
	"config" jsonb DEFAULT '{"features":{"isMultiVariantsEnabled":false,"pickingList":{"isEnabled":false,"verificationMethod":"via_photo"}},"shopify":{"webhooksAvailable":["ORDERS_CREATE"]}}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_id_length" CHECK (char_length("accounts"."account_id") >= 20),
	CONSTRAINT "accounts_name_known" CHECK ("accounts"."account_name" IN ('listloop', 'shopify', 'ebay', 'vestiaire', 'enterprise')),
	CONSTRAINT "accounts_company_name_present" CHECK (char_length(btrim("accounts"."company_name")) > 0),
	CONSTRAINT "accounts_usage_non_negative" CHECK ("accounts"."usage_remove_background_image" >= 0)
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#228be6' NOT NULL,
	"is_protected" boolean DEFAULT false NOT NULL,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_account_name_unique" UNIQUE("account_id","name"),
	CONSTRAINT "roles_id_length" CHECK (char_length("roles"."id") >= 20),
	CONSTRAINT "roles_name_normalised" CHECK ("roles"."name" = lower(btrim("roles"."name")) AND char_length("roles"."name") > 0),
	CONSTRAINT "roles_name_length" CHECK (char_length("roles"."name") <= 160),
	CONSTRAINT "roles_name_not_reserved" CHECK ("roles"."is_protected" OR NOT ("roles"."name" IN ('admin', 'viewer')))
);
--> statement-breakpoint
CREATE TABLE "account_users" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_level" "access_level" NOT NULL,
	"account_user_id" text DEFAULT '' NOT NULL,
	"status" "account_user_status" DEFAULT 'active' NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"role" text,
	"show_speech_at_photo_step" "speech_option" DEFAULT 'disabled' NOT NULL,
	"temporary_password" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_users_account_user_unique" UNIQUE("account_id","user_id"),
	CONSTRAINT "account_users_account_id_length" CHECK (char_length("account_users"."account_id") >= 20),
	CONSTRAINT "account_users_user_id_length" CHECK (char_length("account_users"."user_id") >= 20)
);
--> statement-breakpoint
CREATE TABLE "help_text_seen" (
	"user_id" text PRIMARY KEY NOT NULL,
	"marketplace_connections" boolean DEFAULT false NOT NULL,
	"export_items" boolean DEFAULT false NOT NULL,
	"mapping_rules" boolean DEFAULT false NOT NULL,
	"pricing_rules" boolean DEFAULT false NOT NULL,
	"defaults" boolean DEFAULT false NOT NULL,
	"label_manager" boolean DEFAULT false NOT NULL,
	"tags_suggestions" boolean DEFAULT false NOT NULL,
	"automations" boolean DEFAULT false NOT NULL,
	"mapping_rules_category_specifics" boolean DEFAULT false NOT NULL,
	"team_management" boolean DEFAULT false NOT NULL,
	"profile" boolean DEFAULT false NOT NULL,
	"workflow" boolean DEFAULT false NOT NULL,
	"favorite_categories" boolean DEFAULT false NOT NULL,
	"item_creation" boolean DEFAULT false NOT NULL,
	"marketplaces" boolean DEFAULT false NOT NULL,
	"map_shopify_metafields" boolean DEFAULT false NOT NULL,
	"import" boolean DEFAULT false NOT NULL,
	"shopify_setup" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_details" (
	"user_id" text PRIMARY KEY NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"full_name" text GENERATED ALWAYS AS (btrim(first_name || ' ' || last_name)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"feature_flags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"test_user_features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"test_user_type" "test_user_type",
	"country_code" "country_code" DEFAULT 'US' NOT NULL,
	"hide_sale_detection_toggle" boolean DEFAULT false NOT NULL,
	"cross_env_user_id" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"sale_detection" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notifications" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mercari_form" jsonb DEFAULT '{"showSwitchShipping":true}'::jsonb NOT NULL,
	"force_delist_relist" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_credentials" ADD CONSTRAINT "auth_credentials_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_users" ADD CONSTRAINT "account_users_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_users" ADD CONSTRAINT "account_users_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_users" ADD CONSTRAINT "account_users_role_roles_id_fk" FOREIGN KEY ("role") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_text_seen" ADD CONSTRAINT "help_text_seen_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_details" ADD CONSTRAINT "user_details_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_credentials_user_idx" ON "auth_credentials" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_expires_idx" ON "auth_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "roles_account_idx" ON "roles" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "account_users_user_idx" ON "account_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_users_role_idx" ON "account_users" USING btree ("role");