CREATE TABLE "coach_pay_rate_changes" (
	"coach_pay_rate_change_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coach_pay_rate_changes_coach_pay_rate_change_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"instructor_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"per_class" numeric(12, 2) DEFAULT '0' NOT NULL,
	"per_attendee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"count_no_shows" boolean DEFAULT false NOT NULL,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"workshop_share_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_pay_rate_changes_day_unique" UNIQUE("instructor_id","effective_from"),
	CONSTRAINT "coach_pay_rate_changes_amounts_check" CHECK ("coach_pay_rate_changes"."per_class" >= 0 and "coach_pay_rate_changes"."per_attendee" >= 0 and "coach_pay_rate_changes"."workshop_share_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "coach_pay_rate_changes" ADD CONSTRAINT "coach_pay_rate_changes_instructor_id_instructors_instructor_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("instructor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_pay_rate_changes" ADD CONSTRAINT "coach_pay_rate_changes_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;