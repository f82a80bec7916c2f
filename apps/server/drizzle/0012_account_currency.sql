ALTER TABLE "accounts" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_currency_known" CHECK ("accounts"."currency" IN ('USD', 'GBP', 'EUR'));--> statement-breakpoint
-- An account opened before it had a currency takes its owner's: the country of whoever
-- created its protected admin role.
UPDATE "accounts" SET "currency" = CASE "user_details"."country_code"
    WHEN 'UK' THEN 'GBP' WHEN 'ES' THEN 'EUR' WHEN 'IT' THEN 'EUR' ELSE 'USD' END
  FROM "roles" JOIN "user_details" ON "user_details"."user_id" = "roles"."user_id"
  WHERE "roles"."account_id" = "accounts"."account_id"
    AND "roles"."name" = 'admin' AND "roles"."is_protected";
