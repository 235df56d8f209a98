ALTER TABLE "charge_intents" ADD COLUMN "period_ref" text;--> statement-breakpoint
ALTER TABLE "charge_intents" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charge_intents" ADD COLUMN "refund_ref" text;