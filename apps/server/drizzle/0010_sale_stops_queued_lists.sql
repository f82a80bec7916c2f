ALTER TYPE "public"."sale_outcome_kind" ADD VALUE 'list_stopped' BEFORE 'not_enabled';--> statement-breakpoint
ALTER TYPE "public"."sale_outcome_kind" ADD VALUE 'list_queued' BEFORE 'not_enabled';--> statement-breakpoint
ALTER TABLE "listing_operations" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
CREATE INDEX "sale_events_item_idx" ON "sale_events" USING btree ("item_id","detected_at");