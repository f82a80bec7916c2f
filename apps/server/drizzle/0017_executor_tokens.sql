CREATE TABLE "executor_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "executor_tokens_id_length" CHECK (char_length("executor_tokens"."id") >= 20)
);
--> statement-breakpoint
ALTER TABLE "executor_tokens" ADD CONSTRAINT "executor_tokens_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executor_tokens" ADD CONSTRAINT "executor_tokens_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "executor_tokens_hash_unique" ON "executor_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "executor_tokens_account_idx" ON "executor_tokens" USING btree ("account_id","created_at");