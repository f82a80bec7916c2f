ALTER TYPE "public"."listing_operation_kind" ADD VALUE 'update';--> statement-breakpoint
ALTER TABLE "listing_operations" ADD COLUMN "sent_hash" text;