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
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onboardings_pending_idx" ON "onboardings" USING btree ("status","started_at");