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
ALTER TABLE "service_keys" ADD CONSTRAINT "service_keys_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_keys" ADD CONSTRAINT "service_keys_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_keys" ADD CONSTRAINT "service_keys_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_keys_hash_unique" ON "service_keys" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "service_keys_account_idx" ON "service_keys" USING btree ("account_id","created_at");