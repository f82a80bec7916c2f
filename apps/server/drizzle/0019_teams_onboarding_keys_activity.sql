CREATE TABLE "activity_log" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "activity_log_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" text NOT NULL,
	"actor_user_id" text,
	"actor_name" text,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text,
	"subject_label" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_log_id_length" CHECK (char_length("activity_log"."id") >= 20)
);
--> statement-breakpoint
CREATE TABLE "service_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"created_by" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"role_id" text,
	"token_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "service_keys_id_length" CHECK (char_length("service_keys"."id") >= 20),
	CONSTRAINT "service_keys_kind" CHECK ("service_keys"."kind" IN ('search', 'user_role')),
	CONSTRAINT "service_keys_search_has_no_role" CHECK ("service_keys"."kind" = 'user_role' OR "service_keys"."role_id" IS NULL),
	CONSTRAINT "service_keys_name_length" CHECK (char_length("service_keys"."name") BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"account_id" text PRIMARY KEY NOT NULL,
	"crosslist_workflow" text NOT NULL,
	"ebay_import_enabled" boolean DEFAULT true NOT NULL,
	"ebay_import_every_hours" integer DEFAULT 24 NOT NULL,
	"next_ebay_import_at" timestamp with time zone,
	"last_ebay_import_at" timestamp with time zone,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflows_crosslist_workflow" CHECK ("workflows"."crosslist_workflow" IN ('create_new_items_within_listloop', 'keep_importing_from_ebay', 'import_from_csv'))
);
--> statement-breakpoint
CREATE TABLE "onboardings" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"step" text DEFAULT 'main_marketplace' NOT NULL,
	"inventory_size" integer DEFAULT 0 NOT NULL,
	"main_marketplace" text,
	"marketplaces" jsonb NOT NULL,
	"listing_template" jsonb NOT NULL,
	"crosslist_workflow" text NOT NULL,
	"contact" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" text,
	"vestiaire_access_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboardings_account_id_unique" UNIQUE("account_id"),
	CONSTRAINT "onboardings_status" CHECK ("onboardings"."status" IN ('APPROVED', 'PENDING')),
	CONSTRAINT "onboardings_step" CHECK ("onboardings"."step" IN ('contact', 'crosslisting_workflow', 'inventory_size', 'listing_template', 'main_marketplace', 'marketplaces', 'onboarding_done')),
	CONSTRAINT "onboardings_crosslist_workflow" CHECK ("onboardings"."crosslist_workflow" IN ('create_new_items_within_listloop', 'keep_importing_from_ebay', 'import_from_csv'))
);
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_actor_user_id_auth_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_keys" ADD CONSTRAINT "service_keys_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_keys" ADD CONSTRAINT "service_keys_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_keys" ADD CONSTRAINT "service_keys_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_list_idx" ON "activity_log" USING btree ("account_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_created_idx" ON "activity_log" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_subject_idx" ON "activity_log" USING btree ("account_id","subject_type","subject_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_actor_idx" ON "activity_log" USING btree ("account_id","actor_user_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "service_keys_hash_unique" ON "service_keys" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "service_keys_account_idx" ON "service_keys" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "onboardings_pending_idx" ON "onboardings" USING btree ("status","started_at");