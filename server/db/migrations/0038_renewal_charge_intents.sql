ALTER TABLE "charge_intents" ADD COLUMN "period_ref" text;--> statement-breakpoint
ALTER TABLE "charge_intents" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charge_intents" ADD COLUMN "refund_ref" text;--> statement-breakpoint
CREATE INDEX "charge_intents_give_back_idx" ON "charge_intents" USING btree ("charge_intent_id") WHERE "charge_intents"."outcome_code" = 'not_applied' and "charge_intents"."refund_ref" is null;