CREATE TABLE "charge_intents" (
	"charge_intent_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charge_intents_charge_intent_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"purchase_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"payment_ref" text,
	"payment_method" text,
	"amount" numeric(12, 2) NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"outcome_code" text,
	"save_card" boolean DEFAULT false NOT NULL,
	"actor_user_id" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charge_intents_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "charge_intents_status_check" CHECK ("charge_intents"."status" in ('pending', 'succeeded', 'failed', 'abandoned')),
	CONSTRAINT "charge_intents_amount_check" CHECK ("charge_intents"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD COLUMN "processor_cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charge_intents" ADD CONSTRAINT "charge_intents_purchase_id_purchases_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("purchase_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_intents" ADD CONSTRAINT "charge_intents_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_intents" ADD CONSTRAINT "charge_intents_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charge_intents_purchase_id_idx" ON "charge_intents" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "charge_intents_pending_idx" ON "charge_intents" USING btree ("created_at") WHERE "charge_intents"."status" = 'pending';