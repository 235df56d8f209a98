CREATE TABLE "account_credit" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"balance" numeric(12, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_credit_balance_check" CHECK ("account_credit"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "balance_movements" (
	"balance_movement_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "balance_movements_balance_movement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gift_card_id" integer,
	"customer_id" integer,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"balance_after" numeric(12, 2) NOT NULL,
	"purchase_id" integer,
	"refund_id" integer,
	"note" text,
	"actor_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_movements_one_holder_check" CHECK (("balance_movements"."gift_card_id" is null) <> ("balance_movements"."customer_id" is null)),
	CONSTRAINT "balance_movements_amount_check" CHECK ("balance_movements"."amount" <> 0 and "balance_movements"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"gift_card_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_cards_gift_card_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code_hash" text NOT NULL,
	"code_last4" text NOT NULL,
	"undelivered_code" text,
	"amount" numeric(12, 2) NOT NULL,
	"balance" numeric(12, 2) NOT NULL,
	"class_package_id" integer,
	"package_title" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"sold_via" text NOT NULL,
	"buyer_customer_id" integer,
	"buyer_name" text NOT NULL,
	"buyer_email" text,
	"recipient_name" text NOT NULL,
	"recipient_email" text,
	"message" text,
	"deliver_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"payment_provider" text NOT NULL,
	"payment_ref" text,
	"idempotency_key" text NOT NULL,
	"collected_by" text,
	"collected_location_id" integer,
	"sold_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "gift_cards_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "gift_cards_balance_check" CHECK ("gift_cards"."balance" >= 0 and "gift_cards"."balance" <= "gift_cards"."amount"),
	CONSTRAINT "gift_cards_state_check" CHECK ("gift_cards"."state" in ('pending', 'active', 'void', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"referral_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referrals_referral_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"referrer_customer_id" integer NOT NULL,
	"referred_customer_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"refusal" text,
	"reward_kind" text,
	"reward_purchase_id" integer,
	"rewarded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_referred_unique" UNIQUE("referred_customer_id"),
	CONSTRAINT "referrals_status_check" CHECK ("referrals"."status" in ('pending', 'rewarded', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "account_credit" ADD CONSTRAINT "account_credit_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_gift_card_id_gift_cards_gift_card_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("gift_card_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_purchase_id_purchases_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("purchase_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_refund_id_refunds_refund_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("refund_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_movements" ADD CONSTRAINT "balance_movements_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_class_package_id_class_packages_class_package_id_fk" FOREIGN KEY ("class_package_id") REFERENCES "public"."class_packages"("class_package_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_buyer_customer_id_customers_customer_id_fk" FOREIGN KEY ("buyer_customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_collected_by_user_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_collected_location_id_locations_location_id_fk" FOREIGN KEY ("collected_location_id") REFERENCES "public"."locations"("location_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_customer_id_customers_customer_id_fk" FOREIGN KEY ("referrer_customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_customer_id_customers_customer_id_fk" FOREIGN KEY ("referred_customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_reward_purchase_id_purchases_purchase_id_fk" FOREIGN KEY ("reward_purchase_id") REFERENCES "public"."purchases"("purchase_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_movements_gift_card_idx" ON "balance_movements" USING btree ("gift_card_id","created_at");--> statement-breakpoint
CREATE INDEX "balance_movements_customer_idx" ON "balance_movements" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "balance_movements_purchase_idx" ON "balance_movements" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "gift_cards_created_at_idx" ON "gift_cards" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "gift_cards_buyer_idx" ON "gift_cards" USING btree ("buyer_customer_id");--> statement-breakpoint
CREATE INDEX "gift_cards_delivery_due_idx" ON "gift_cards" USING btree ("deliver_at") WHERE "gift_cards"."delivered_at" is null and "gift_cards"."state" = 'active';--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_customer_id");