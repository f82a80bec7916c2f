CREATE TABLE "known_devices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_devices_id_length" CHECK (char_length("known_devices"."id") >= 20)
);
--> statement-breakpoint
CREATE TABLE "login_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_counters_count_not_negative" CHECK ("login_counters"."count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_devices_user_idx" ON "known_devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "known_devices_expires_idx" ON "known_devices" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "login_counters_reset_idx" ON "login_counters" USING btree ("reset_at");