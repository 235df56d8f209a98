CREATE TABLE "retail_products" (
	"product_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retail_products_product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"iva_rate" text DEFAULT '16' NOT NULL,
	"low_stock_threshold" integer DEFAULT 3 NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retail_refunds" (
	"retail_refund_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retail_refunds_retail_refund_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sale_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"location_id" integer NOT NULL,
	"refunded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retail_refunds_amount_check" CHECK ("retail_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "retail_sale_lines" (
	"line_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retail_sale_lines_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sale_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"iva_rate" text NOT NULL,
	"refunded_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "retail_sale_lines_quantity_check" CHECK ("retail_sale_lines"."quantity" > 0),
	CONSTRAINT "retail_sale_lines_refunded_check" CHECK ("retail_sale_lines"."refunded_quantity" >= 0 and "retail_sale_lines"."refunded_quantity" <= "retail_sale_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "retail_sales" (
	"sale_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retail_sales_sale_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer,
	"purchase_id" integer,
	"payment" text NOT NULL,
	"reference" text,
	"location_id" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"sold_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retail_sales_payment_check" CHECK ("retail_sales"."payment" in ('cash', 'card', 'transfer')),
	CONSTRAINT "retail_sales_refunded_check" CHECK ("retail_sales"."refunded_cents" >= 0 and "retail_sales"."refunded_cents" <= "retail_sales"."total_cents")
);
--> statement-breakpoint
CREATE TABLE "retail_stock" (
	"variant_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "retail_stock_variant_id_location_id_pk" PRIMARY KEY("variant_id","location_id"),
	CONSTRAINT "retail_stock_quantity_check" CHECK ("retail_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "retail_stock_movements" (
	"movement_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retail_stock_movements_movement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"variant_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"sale_id" integer,
	"user_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retail_stock_movements_reason_check" CHECK ("retail_stock_movements"."reason" in ('restock', 'adjust', 'sale', 'refund')),
	CONSTRAINT "retail_stock_movements_delta_check" CHECK ("retail_stock_movements"."delta" <> 0)
);
--> statement-breakpoint
CREATE TABLE "retail_variants" (
	"variant_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retail_variants_variant_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"colour" text DEFAULT '' NOT NULL,
	"sku" text,
	"price_cents" integer NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retail_variants_price_check" CHECK ("retail_variants"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "retail_refunds" ADD CONSTRAINT "retail_refunds_sale_id_retail_sales_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."retail_sales"("sale_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retail_refunds" ADD CONSTRAINT "retail_refunds_location_id_locations_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("location_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retail_refunds" ADD CONSTRAINT "retail_refunds_refunded_by_user_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retail_sale_lines" ADD CONSTRAINT "retail_sale_lines_sale_id_retail_sales_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."retail_sales"("sale_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retail_sale_lines" ADD CONSTRAINT "retail_sale_lines_variant_id_retail_variants_variant_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."retail_variants"("variant_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retail_sales" ADD CONSTRAINT "retail_sales_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retail_sales" ADD CONSTRAINT "retail_sales_purchase_id_purchases_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("purchase_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retail_sales" ADD CONSTRAINT "retail_sales_location_id_locations_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("location_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retail_sales" ADD CONSTRAINT "retail_sales_sold_by_user_id_fk" FOREIGN KEY ("sold_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retail_stock" ADD CONSTRAINT "retail_stock_variant_id_retail_variants_variant_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."retail_variants"("variant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retail_stock" ADD CONSTRAINT "retail_stock_location_id_locations_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("location_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retail_stock_movements" ADD CONSTRAINT "retail_stock_movements_variant_id_retail_variants_variant_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."retail_variants"("variant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retail_stock_movements" ADD CONSTRAINT "retail_stock_movements_location_id_locations_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("location_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retail_stock_movements" ADD CONSTRAINT "retail_stock_movements_sale_id_retail_sales_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."retail_sales"("sale_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retail_stock_movements" ADD CONSTRAINT "retail_stock_movements_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retail_variants" ADD CONSTRAINT "retail_variants_product_id_retail_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."retail_products"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retail_sale_lines_sale_idx" ON "retail_sale_lines" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "retail_sales_created_idx" ON "retail_sales" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "retail_sales_location_idx" ON "retail_sales" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE INDEX "retail_stock_movements_variant_idx" ON "retail_stock_movements" USING btree ("variant_id","location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "retail_variants_option_idx" ON "retail_variants" USING btree ("product_id","size","colour");