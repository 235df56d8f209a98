CREATE TABLE "class_change_notices" (
	"class_change_notice_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_change_notices_class_change_notice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"single_class_id" integer NOT NULL,
	"class_reservation_id" integer,
	"kind" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refunded_credits" integer DEFAULT 0 NOT NULL,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_change_notices_kind_check" CHECK ("class_change_notices"."kind" in ('changed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "class_series" (
	"class_series_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_series_class_series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "single_classes" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "single_classes" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_change_notices" ADD CONSTRAINT "class_change_notices_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_change_notices" ADD CONSTRAINT "class_change_notices_single_class_id_single_classes_single_class_id_fk" FOREIGN KEY ("single_class_id") REFERENCES "public"."single_classes"("single_class_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_change_notices" ADD CONSTRAINT "class_change_notices_class_reservation_id_class_reservations_class_reservation_id_fk" FOREIGN KEY ("class_reservation_id") REFERENCES "public"."class_reservations"("class_reservation_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_change_notices_customer_idx" ON "class_change_notices" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "class_change_notices_class_idx" ON "class_change_notices" USING btree ("single_class_id");--> statement-breakpoint
CREATE INDEX "class_change_notices_reservation_idx" ON "class_change_notices" USING btree ("class_reservation_id");--> statement-breakpoint
ALTER TABLE "single_classes" ADD CONSTRAINT "single_classes_series_id_class_series_class_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."class_series"("class_series_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "single_classes_series_id_idx" ON "single_classes" USING btree ("series_id","class_date");