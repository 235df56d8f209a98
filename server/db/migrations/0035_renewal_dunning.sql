ALTER TABLE "invoices" ADD COLUMN "recovered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "renewal_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "renewal_retry_at" timestamp with time zone;