ALTER TABLE "invoices" ADD COLUMN "receipt_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "card_last4" text;--> statement-breakpoint
CREATE INDEX "invoices_receipt_due_idx" ON "invoices" USING btree ("invoice_id") WHERE "invoices"."receipt_sent_at" is null and "invoices"."status" = 'paid';--> statement-breakpoint
-- Charges paid before receipts were claimed had theirs sent (or never will): none is sent again.
UPDATE "invoices" SET "receipt_sent_at" = "updated_at" WHERE "status" IN ('paid', 'refunded');
