CREATE TABLE "executor_presence" (
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"marketplace" text NOT NULL,
	"token_id" text,
	"executor_id" text NOT NULL,
	"signed_in" boolean NOT NULL,
	"paused" boolean NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "executor_presence_account_id_user_id_marketplace_pk" PRIMARY KEY("account_id","user_id","marketplace")
);
--> statement-breakpoint
ALTER TABLE "listing_operations" ADD COLUMN "needs_you_reason" text;--> statement-breakpoint
ALTER TABLE "listing_operations" ADD COLUMN "needs_you_detail" text;--> statement-breakpoint
ALTER TABLE "listing_operations" ADD COLUMN "needs_you_page_url" text;--> statement-breakpoint
ALTER TABLE "listing_operations" ADD COLUMN "needs_you_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "executor_presence" ADD CONSTRAINT "executor_presence_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executor_presence" ADD CONSTRAINT "executor_presence_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executor_presence" ADD CONSTRAINT "executor_presence_token_id_executor_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."executor_tokens"("id") ON DELETE set null ON UPDATE no action;