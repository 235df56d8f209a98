CREATE TABLE "customer_fiscal_data" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"rfc" text NOT NULL,
	"razon_social" text NOT NULL,
	"regimen_fiscal" text NOT NULL,
	"codigo_postal" text NOT NULL,
	"uso_cfdi" text NOT NULL,
	"catalog_version" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_fiscal_data_rfc_check" CHECK (length("customer_fiscal_data"."rfc") in (12, 13)),
	CONSTRAINT "customer_fiscal_data_cp_check" CHECK ("customer_fiscal_data"."codigo_postal" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
ALTER TABLE "class_packages" ADD COLUMN "iva_rate" text DEFAULT '16' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "iva_rate" text;--> statement-breakpoint
ALTER TABLE "customer_fiscal_data" ADD CONSTRAINT "customer_fiscal_data_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_packages" ADD CONSTRAINT "class_packages_iva_rate_check" CHECK ("class_packages"."iva_rate" in ('16', '8', '0', 'exento'));