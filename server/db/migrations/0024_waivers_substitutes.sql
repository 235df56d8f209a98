CREATE TABLE "substitute_requests" (
	"substitute_request_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "substitute_requests_substitute_request_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"single_class_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"taken_by" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text,
	"decided_by" text,
	"taken_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "substitute_requests_status" CHECK ("substitute_requests"."status" in ('open', 'taken', 'approved', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "waiver_signatures" (
	"waiver_signature_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waiver_signatures_waiver_signature_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"waiver_version_id" integer NOT NULL,
	"customer_id" integer,
	"signer_name" text NOT NULL,
	"method" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"text_sha256" text NOT NULL,
	"file_id" integer,
	"collected_by" text,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiver_signatures_version_customer" UNIQUE("waiver_version_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "waiver_versions" (
	"waiver_version_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waiver_versions_waiver_version_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body_html" text NOT NULL,
	"text_sha256" text NOT NULL,
	"published_by" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiver_versions_version_unique" UNIQUE("version")
);
--> statement-breakpoint
ALTER TABLE "substitute_requests" ADD CONSTRAINT "substitute_requests_single_class_id_single_classes_single_class_id_fk" FOREIGN KEY ("single_class_id") REFERENCES "public"."single_classes"("single_class_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitute_requests" ADD CONSTRAINT "substitute_requests_requested_by_instructors_instructor_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."instructors"("instructor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitute_requests" ADD CONSTRAINT "substitute_requests_taken_by_instructors_instructor_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."instructors"("instructor_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitute_requests" ADD CONSTRAINT "substitute_requests_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_waiver_version_id_waiver_versions_waiver_version_id_fk" FOREIGN KEY ("waiver_version_id") REFERENCES "public"."waiver_versions"("waiver_version_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_file_id_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("file_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_collected_by_user_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_versions" ADD CONSTRAINT "waiver_versions_published_by_user_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "substitute_requests_class_idx" ON "substitute_requests" USING btree ("single_class_id");--> statement-breakpoint
CREATE INDEX "waiver_signatures_customer_idx" ON "waiver_signatures" USING btree ("customer_id");