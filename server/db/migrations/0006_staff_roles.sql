CREATE TABLE "setup_claims" (
	"step" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"staff_invitation_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_invitations_staff_invitation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"role" text NOT NULL,
	"instructor_id" integer,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instructors" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD COLUMN "visible_to_coaches" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "setup_claims" ADD CONSTRAINT "setup_claims_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_invitations_email_idx" ON "staff_invitations" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_token_hash_idx" ON "staff_invitations" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "instructors" ADD CONSTRAINT "instructors_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instructors_user_id_idx" ON "instructors" USING btree ("user_id");--> statement-breakpoint
UPDATE "user" SET "role" = 'owner' WHERE "role" = 'admin';--> statement-breakpoint
INSERT INTO "setup_claims" ("step", "user_id") SELECT 'first_owner', "id" FROM "user" WHERE "role" = 'owner' ORDER BY "created_at" LIMIT 1 ON CONFLICT DO NOTHING;
