ALTER TABLE "account_users" ADD COLUMN "is_owner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Each account opened before it had an owner takes one: whoever created its protected admin
-- role (the person who opened it), else the oldest member holding that role, else the oldest
-- member.
UPDATE "account_users" SET "is_owner" = true WHERE "id" IN (
  SELECT DISTINCT ON ("member"."account_id") "member"."id"
    FROM "account_users" AS "member"
    LEFT JOIN "roles" AS "admin"
      ON "admin"."account_id" = "member"."account_id"
     AND "admin"."name" = 'admin' AND "admin"."is_protected"
    ORDER BY "member"."account_id",
      ("member"."user_id" = "admin"."user_id") DESC NULLS LAST,
      ("member"."role" = "admin"."id") DESC NULLS LAST,
      "member"."created_at", "member"."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "account_users_one_owner" ON "account_users" USING btree ("account_id") WHERE "account_users"."is_owner";
