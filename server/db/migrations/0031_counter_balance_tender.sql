ALTER TABLE "balance_movements" ADD COLUMN "retail_sale_id" integer;--> statement-breakpoint
ALTER TABLE "retail_sales" ADD COLUMN "balance_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_retail_sale_id_retail_sales_sale_id_fk" FOREIGN KEY ("retail_sale_id") REFERENCES "public"."retail_sales"("sale_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_movements_retail_sale_idx" ON "balance_movements" USING btree ("retail_sale_id");--> statement-breakpoint
ALTER TABLE "retail_sales" ADD CONSTRAINT "retail_sales_balance_check" CHECK ("retail_sales"."balance_cents" >= 0 and "retail_sales"."balance_cents" <= "retail_sales"."total_cents");