CREATE TABLE "renewal_vouchers" (
	"renewal_voucher_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "renewal_vouchers_renewal_voucher_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"purchase_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"period_ref" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
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
	"cancel_reason" text,
	"invoice_id" integer,
	"refund_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewal_vouchers_provider_ref_unique" UNIQUE("provider_ref"),
	CONSTRAINT "renewal_vouchers_method_check" CHECK ("renewal_vouchers"."method" in ('oxxo', 'spei')),
	CONSTRAINT "renewal_vouchers_status_check" CHECK ("renewal_vouchers"."status" in ('pending', 'paid', 'expired', 'not_applied'))
);
--> statement-breakpoint
ALTER TABLE "renewal_vouchers" ADD CONSTRAINT "renewal_vouchers_purchase_id_purchases_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("purchase_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_vouchers" ADD CONSTRAINT "renewal_vouchers_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_vouchers" ADD CONSTRAINT "renewal_vouchers_invoice_id_invoices_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("invoice_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "renewal_vouchers_purchase_idx" ON "renewal_vouchers" USING btree ("purchase_id","period_ref");--> statement-breakpoint
CREATE INDEX "renewal_vouchers_pending_expiry_idx" ON "renewal_vouchers" USING btree ("expires_at") WHERE "renewal_vouchers"."status" = 'pending';