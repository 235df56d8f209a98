CREATE TABLE "cfdi_global_purchases" (
	"purchase_id" integer PRIMARY KEY NOT NULL,
	"cfdi_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cfdis" (
	"cfdi_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cfdis_cfdi_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"preview" boolean DEFAULT false NOT NULL,
	"purchase_id" integer,
	"customer_id" integer,
	"refund_id" integer,
	"related_cfdi_id" integer,
	"period" text,
	"receiver" jsonb NOT NULL,
	"payment_form" text NOT NULL,
	"subtotal" numeric(12, 2) NOT NULL,
	"iva" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"provider_id" text,
	"uuid" text,
	"error" text,
	"cancellation_motive" text,
	"cancelled_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cfdis_kind_check" CHECK ("cfdis"."kind" in ('ingreso', 'global', 'egreso')),
	CONSTRAINT "cfdis_status_check" CHECK ("cfdis"."status" in ('pending', 'valid', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "cfdi_global_purchases" ADD CONSTRAINT "cfdi_global_purchases_purchase_id_purchases_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("purchase_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfdi_global_purchases" ADD CONSTRAINT "cfdi_global_purchases_cfdi_id_cfdis_cfdi_id_fk" FOREIGN KEY ("cfdi_id") REFERENCES "public"."cfdis"("cfdi_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfdis" ADD CONSTRAINT "cfdis_purchase_id_purchases_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("purchase_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfdis" ADD CONSTRAINT "cfdis_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfdis" ADD CONSTRAINT "cfdis_refund_id_refunds_refund_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("refund_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cfdi_global_purchases_cfdi_id_idx" ON "cfdi_global_purchases" USING btree ("cfdi_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cfdis_ingreso_purchase_unique" ON "cfdis" USING btree ("purchase_id") WHERE "cfdis"."kind" = 'ingreso';--> statement-breakpoint
CREATE UNIQUE INDEX "cfdis_global_period_unique" ON "cfdis" USING btree ("period") WHERE "cfdis"."kind" = 'global';--> statement-breakpoint
CREATE UNIQUE INDEX "cfdis_egreso_refund_unique" ON "cfdis" USING btree ("refund_id") WHERE "cfdis"."kind" = 'egreso';--> statement-breakpoint
CREATE INDEX "cfdis_customer_id_idx" ON "cfdis" USING btree ("customer_id","created_at");