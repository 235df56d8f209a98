CREATE TABLE "membership_freezes" (
	"membership_freeze_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_freezes_membership_freeze_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"purchase_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"days" integer NOT NULL,
	"fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"requested_by" text DEFAULT 'desk' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_freezes_range_check" CHECK ("membership_freezes"."ends_at" > "membership_freezes"."starts_at" and "membership_freezes"."days" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"refund_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_refund_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"purchase_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"idempotency_key" text,
	"reason" text,
	"credits_withdrawn" integer DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'desk' NOT NULL,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_provider_ref_unique" UNIQUE("provider","provider_ref"),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_credits_withdrawn_check" CHECK ("refunds"."credits_withdrawn" >= 0)
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "refunded_total" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_freezes" ADD CONSTRAINT "membership_freezes_purchase_id_purchases_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("purchase_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_freezes" ADD CONSTRAINT "membership_freezes_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_purchase_id_purchases_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("purchase_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_freezes_customer_idx" ON "membership_freezes" USING btree ("customer_id","ends_at");--> statement-breakpoint
CREATE INDEX "membership_freezes_purchase_idx" ON "membership_freezes" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "refunds_purchase_id_idx" ON "refunds" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "refunds_created_at_idx" ON "refunds" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_refunded_total_check" CHECK ("purchases"."refunded_total" >= 0 and "purchases"."refunded_total" <= "purchases"."total_payment");