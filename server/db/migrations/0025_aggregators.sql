CREATE TABLE "aggregator_bookings" (
	"aggregator_booking_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "aggregator_bookings_aggregator_booking_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"aggregator" text NOT NULL,
	"external_id" text NOT NULL,
	"single_class_id" integer,
	"class_reservation_id" integer,
	"member_external_id" text NOT NULL,
	"member_name" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"refusal_reason" text,
	"requested_at" timestamp with time zone NOT NULL,
	"answer_url" text,
	"answer_state" text DEFAULT 'pending' NOT NULL,
	"answered_at" timestamp with time zone,
	"validation" text DEFAULT 'none' NOT NULL,
	"checked_in_at" timestamp with time zone,
	"validated_at" timestamp with time zone,
	"validation_attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_event_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aggregator_events" (
	"aggregator" text NOT NULL,
	"event_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aggregator_events_aggregator_event_id_pk" PRIMARY KEY("aggregator","event_id")
);
--> statement-breakpoint
CREATE TABLE "aggregator_members" (
	"aggregator" text NOT NULL,
	"external_id" text NOT NULL,
	"customer_id" integer NOT NULL,
	CONSTRAINT "aggregator_members_aggregator_external_id_pk" PRIMARY KEY("aggregator","external_id")
);
--> statement-breakpoint
CREATE TABLE "aggregator_outbox" (
	"aggregator_outbox_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "aggregator_outbox_aggregator_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"aggregator" text NOT NULL,
	"single_class_id" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aggregator_settings" (
	"aggregator" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"partner_id" text DEFAULT '' NOT NULL,
	"api_key" text DEFAULT '' NOT NULL,
	"webhook_secret" text DEFAULT '' NOT NULL,
	"product_id" text DEFAULT '' NOT NULL,
	"class_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"seats_per_class" integer DEFAULT 0 NOT NULL,
	"rate_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aggregator_settings_aggregator_check" CHECK ("aggregator_settings"."aggregator" in ('wellhub', 'totalpass')),
	CONSTRAINT "aggregator_settings_seats_check" CHECK ("aggregator_settings"."seats_per_class" >= 0),
	CONSTRAINT "aggregator_settings_rate_check" CHECK ("aggregator_settings"."rate_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "aggregator_slots" (
	"aggregator" text NOT NULL,
	"single_class_id" integer NOT NULL,
	"external_class_id" text,
	"external_slot_id" text,
	"seats_published" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "aggregator_slots_aggregator_single_class_id_pk" PRIMARY KEY("aggregator","single_class_id")
);
--> statement-breakpoint
ALTER TABLE "aggregator_bookings" ADD CONSTRAINT "aggregator_bookings_single_class_id_single_classes_single_class_id_fk" FOREIGN KEY ("single_class_id") REFERENCES "public"."single_classes"("single_class_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aggregator_bookings" ADD CONSTRAINT "aggregator_bookings_class_reservation_id_class_reservations_class_reservation_id_fk" FOREIGN KEY ("class_reservation_id") REFERENCES "public"."class_reservations"("class_reservation_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aggregator_members" ADD CONSTRAINT "aggregator_members_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aggregator_outbox" ADD CONSTRAINT "aggregator_outbox_single_class_id_single_classes_single_class_id_fk" FOREIGN KEY ("single_class_id") REFERENCES "public"."single_classes"("single_class_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aggregator_slots" ADD CONSTRAINT "aggregator_slots_single_class_id_single_classes_single_class_id_fk" FOREIGN KEY ("single_class_id") REFERENCES "public"."single_classes"("single_class_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "aggregator_bookings_external_unique" ON "aggregator_bookings" USING btree ("aggregator","external_id");--> statement-breakpoint
CREATE INDEX "aggregator_bookings_class_idx" ON "aggregator_bookings" USING btree ("single_class_id");--> statement-breakpoint
CREATE INDEX "aggregator_bookings_reservation_idx" ON "aggregator_bookings" USING btree ("class_reservation_id");--> statement-breakpoint
CREATE INDEX "aggregator_bookings_requested_idx" ON "aggregator_bookings" USING btree ("requested_at");--> statement-breakpoint
CREATE INDEX "aggregator_members_customer_idx" ON "aggregator_members" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "aggregator_outbox_pending_unique" ON "aggregator_outbox" USING btree ("aggregator","single_class_id") WHERE "aggregator_outbox"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "aggregator_slots_external_unique" ON "aggregator_slots" USING btree ("aggregator","external_slot_id");