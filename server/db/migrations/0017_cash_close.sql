CREATE TABLE "cash_closes" (
	"cash_close_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cash_closes_cash_close_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"location_id" integer NOT NULL,
	"day" text NOT NULL,
	"expected_cash_cents" integer NOT NULL,
	"counted_cash_cents" integer NOT NULL,
	"difference_cents" integer NOT NULL,
	"card_cents" integer DEFAULT 0 NOT NULL,
	"transfer_cents" integer DEFAULT 0 NOT NULL,
	"note" text,
	"closed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reopened_by" text,
	"reopened_at" timestamp with time zone,
	"reopen_reason" text,
	CONSTRAINT "cash_closes_counted_check" CHECK ("cash_closes"."counted_cash_cents" >= 0),
	CONSTRAINT "cash_closes_difference_check" CHECK ("cash_closes"."difference_cents" = "cash_closes"."counted_cash_cents" - "cash_closes"."expected_cash_cents")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "collected_by" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "collected_location_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "refunded_by" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "cash_closes" ADD CONSTRAINT "cash_closes_location_id_locations_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("location_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_closes" ADD CONSTRAINT "cash_closes_closed_by_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_closes" ADD CONSTRAINT "cash_closes_reopened_by_user_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_closes_open_unique" ON "cash_closes" USING btree ("location_id","day") WHERE "cash_closes"."reopened_at" is null;--> statement-breakpoint
CREATE INDEX "cash_closes_location_day_idx" ON "cash_closes" USING btree ("location_id","day");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_collected_by_user_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_collected_location_id_locations_location_id_fk" FOREIGN KEY ("collected_location_id") REFERENCES "public"."locations"("location_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_refunded_by_user_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_location_id_locations_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("location_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_collected_idx" ON "invoices" USING btree ("collected_location_id","collected_at") WHERE "invoices"."collected_at" is not null;--> statement-breakpoint
CREATE INDEX "refunds_location_idx" ON "refunds" USING btree ("location_id","created_at") WHERE "refunds"."location_id" is not null;