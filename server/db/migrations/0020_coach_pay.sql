CREATE TABLE "coach_pay_approvals" (
	"coach_pay_approval_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coach_pay_approvals_coach_pay_approval_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"instructor_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"classes" integer NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approved_by" text,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_pay_approvals_period_unique" UNIQUE("instructor_id","period_from","period_to"),
	CONSTRAINT "coach_pay_approvals_period_check" CHECK ("coach_pay_approvals"."period_to" >= "coach_pay_approvals"."period_from")
);
--> statement-breakpoint
CREATE TABLE "coach_pay_rates" (
	"instructor_id" integer PRIMARY KEY NOT NULL,
	"per_class" numeric(12, 2) DEFAULT '0' NOT NULL,
	"per_attendee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"count_no_shows" boolean DEFAULT false NOT NULL,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"workshop_share_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_pay_rates_amounts_check" CHECK ("coach_pay_rates"."per_class" >= 0 and "coach_pay_rates"."per_attendee" >= 0 and "coach_pay_rates"."workshop_share_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "coach_pay_approvals" ADD CONSTRAINT "coach_pay_approvals_instructor_id_instructors_instructor_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("instructor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_pay_approvals" ADD CONSTRAINT "coach_pay_approvals_approved_by_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_pay_rates" ADD CONSTRAINT "coach_pay_rates_instructor_id_instructors_instructor_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("instructor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_pay_rates" ADD CONSTRAINT "coach_pay_rates_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coach_pay_approvals_period_idx" ON "coach_pay_approvals" USING btree ("period_from","period_to");