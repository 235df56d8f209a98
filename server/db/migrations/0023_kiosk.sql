CREATE TABLE "kiosk_sessions" (
	"kiosk_session_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kiosk_sessions_kiosk_session_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"pin_hash" text NOT NULL,
	"location_id" integer,
	"opened_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"pin_failures" integer DEFAULT 0 NOT NULL,
	"pin_locked_until" timestamp with time zone,
	"lookup_failures" integer DEFAULT 0 NOT NULL,
	"lookup_window_start" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "kiosk_sessions" ADD CONSTRAINT "kiosk_sessions_location_id_locations_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("location_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_sessions" ADD CONSTRAINT "kiosk_sessions_opened_by_user_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_sessions_token_hash_idx" ON "kiosk_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "kiosk_sessions_open_idx" ON "kiosk_sessions" USING btree ("closed_at");