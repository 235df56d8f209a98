ALTER TABLE "cfdi_global_purchases" ADD COLUMN "amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "cfdis" ADD COLUMN "cancellation_status" text;--> statement-breakpoint
ALTER TABLE "cfdis" ADD COLUMN "cancellation_refund_id" integer;