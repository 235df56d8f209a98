CREATE TABLE "payment_vouchers" (
	"payment_voucher_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_vouchers_payment_voucher_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"purchase_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reference" text NOT NULL,
	"clabe" text,
	"bank_name" text,
	"hosted_url" text,
	"expires_at" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_vouchers_purchase_id_unique" UNIQUE("purchase_id"),
	CONSTRAINT "payment_vouchers_method_check" CHECK ("payment_vouchers"."method" in ('oxxo', 'spei')),
	CONSTRAINT "payment_vouchers_status_check" CHECK ("payment_vouchers"."status" in ('pending', 'paid', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_purchase_id_purchases_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("purchase_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_vouchers_customer_idx" ON "payment_vouchers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "payment_vouchers_pending_expiry_idx" ON "payment_vouchers" USING btree ("expires_at") WHERE "payment_vouchers"."status" = 'pending';