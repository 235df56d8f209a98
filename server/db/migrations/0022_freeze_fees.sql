ALTER TABLE "membership_freezes" ADD COLUMN "fee_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_freezes" ADD COLUMN "fee_card_ref" text;--> statement-breakpoint
ALTER TABLE "membership_freezes" ADD COLUMN "fee_provider" text;--> statement-breakpoint
CREATE INDEX "membership_freezes_fee_pending_idx" ON "membership_freezes" USING btree ("created_at") WHERE "membership_freezes"."fee_status" = 'pending';--> statement-breakpoint
ALTER TABLE "membership_freezes" ADD CONSTRAINT "membership_freezes_fee_status_check" CHECK ("membership_freezes"."fee_status" in ('none', 'pending', 'paid', 'declined'));--> statement-breakpoint
-- Freezes made before this column paid their fee at once.
UPDATE "membership_freezes" SET "fee_status" = 'paid' WHERE "fee" > 0;