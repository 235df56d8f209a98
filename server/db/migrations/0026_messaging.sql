CREATE TABLE "message_automations" (
	"automation" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"text" text,
	"days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_consents" (
	"message_consent_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_consents_message_consent_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"granted" boolean NOT NULL,
	"text_shown" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_consents_purpose_check" CHECK ("message_consents"."purpose" in ('transactional', 'marketing')),
	CONSTRAINT "message_consents_channel_check" CHECK ("message_consents"."channel" in ('whatsapp', 'sms', 'push'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"message_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_message_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer,
	"direction" text DEFAULT 'out' NOT NULL,
	"channel" text NOT NULL,
	"purpose" text NOT NULL,
	"template" text,
	"automation" text,
	"body" text NOT NULL,
	"address" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider_sid" text,
	"error" text,
	"dedupe_key" text,
	"context" jsonb,
	"fallbacks" jsonb,
	"send_after" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"status_at" timestamp with time zone,
	CONSTRAINT "messages_direction_check" CHECK ("messages"."direction" in ('out', 'in')),
	CONSTRAINT "messages_status_check" CHECK ("messages"."status" in ('queued', 'sending', 'not_sent', 'sent', 'delivered', 'read', 'failed', 'refused', 'received'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"push_subscription_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_subscriptions_push_subscription_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_consents" ADD CONSTRAINT "message_consents_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_consents_customer_idx" ON "message_consents" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_dedupe_unique" ON "messages" USING btree ("dedupe_key") WHERE "messages"."dedupe_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_sid_unique" ON "messages" USING btree ("provider_sid") WHERE "messages"."provider_sid" is not null;--> statement-breakpoint
CREATE INDEX "messages_customer_idx" ON "messages" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_status_idx" ON "messages" USING btree ("status","send_after");--> statement-breakpoint
CREATE INDEX "messages_inbox_idx" ON "messages" USING btree ("direction","handled_at");--> statement-breakpoint
CREATE INDEX "messages_automation_idx" ON "messages" USING btree ("automation","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_unique" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_customer_idx" ON "push_subscriptions" USING btree ("customer_id");