CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."item_status" AS ENUM('complete', 'inProgress');--> statement-breakpoint
CREATE TYPE "public"."image_status" AS ENUM('processing', 'ready', 'failed');--> statement-breakpoint
CREATE TYPE "public"."item_import_format" AS ENUM('listloop', 'ebay');--> statement-breakpoint
CREATE TYPE "public"."item_import_status" AS ENUM('previewed', 'queued', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "items" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" "item_status" DEFAULT 'inProgress' NOT NULL,
	"date_created" bigint NOT NULL,
	"date_last_modified" bigint NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"general_details" jsonb NOT NULL,
	"listings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"title" text GENERATED ALWAYS AS ((general_details->>'title')) STORED,
	"sku" text GENERATED ALWAYS AS (nullif(general_details->>'sku', '')) STORED,
	"brand" text GENERATED ALWAYS AS ((general_details->>'brand')) STORED,
	"price" numeric GENERATED ALWAYS AS (((general_details->>'price')::numeric)) STORED,
	"quantity" integer GENERATED ALWAYS AS (((general_details->>'quantity')::integer)) STORED,
	CONSTRAINT "items_id_length" CHECK (char_length("items"."id") >= 20)
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labels_name_length" CHECK (char_length("labels"."name") BETWEEN 1 AND 20),
	CONSTRAINT "labels_name_trimmed" CHECK ("labels"."name" = btrim("labels"."name"))
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"large_key" text,
	"small_key" text,
	"mime_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"original_max_dimension" integer,
	"status" "image_status" DEFAULT 'processing' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "images_id_length" CHECK (char_length("images"."id") >= 20)
);
--> statement-breakpoint
CREATE TABLE "variant_options" (
	"account_id" text PRIMARY KEY NOT NULL,
	"options" jsonb DEFAULT '{"sizes":[],"colors":[]}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"format" "item_import_format" NOT NULL,
	"storage_key" text NOT NULL,
	"status" "item_import_status" DEFAULT 'previewed' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_items" integer DEFAULT 0 NOT NULL,
	"updated_items" integer DEFAULT 0 NOT NULL,
	"error_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure_reason" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_imports_id_length" CHECK (char_length("item_imports"."id") >= 20)
);
--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_options" ADD CONSTRAINT "variant_options_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_imports" ADD CONSTRAINT "item_imports_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_imports" ADD CONSTRAINT "item_imports_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "items_owner_created_idx" ON "items" USING btree ("account_id","user_id","date_created" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "items_owner_modified_idx" ON "items" USING btree ("account_id","user_id","date_last_modified" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "items_owner_price_idx" ON "items" USING btree ("account_id","user_id","price","id");--> statement-breakpoint
CREATE INDEX "items_owner_title_idx" ON "items" USING btree ("account_id","user_id","title","id");--> statement-breakpoint
CREATE INDEX "items_labels_idx" ON "items" USING gin ("labels");--> statement-breakpoint
CREATE INDEX "items_listings_idx" ON "items" USING gin ("listings" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "items" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "items_owner_sku_unique" ON "items" USING btree ("account_id","user_id","sku") WHERE "items"."sku" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "labels_user_name_unique" ON "labels" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "labels_account_user_idx" ON "labels" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE INDEX "images_account_user_idx" ON "images" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE INDEX "item_imports_account_user_idx" ON "item_imports" USING btree ("account_id","user_id");