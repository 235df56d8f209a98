CREATE TABLE "app_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"audit_log_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"actor_user_id" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"customer_id" integer,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"impersonated_by" text,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"role" text DEFAULT 'customer' NOT NULL,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_categories" (
	"class_category_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_categories_class_category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"handle" text,
	"description" text,
	"available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_categories_handle_unique" UNIQUE("handle")
);
--> statement-breakpoint
CREATE TABLE "class_types" (
	"class_type_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_types_class_type_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"icon" text,
	"image" text,
	"description" text,
	"spot_map" text,
	"custom_spot_map_id" integer,
	"color" text,
	"available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_types_spot_map_check" CHECK ("class_types"."spot_map" is null or "class_types"."spot_map" ~ '^[0-9]+(,[0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "custom_spot_maps" (
	"custom_spot_map_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_spot_maps_custom_spot_map_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"class_type_id" integer,
	"class_types" text,
	"rows" integer NOT NULL,
	"columns" integer NOT NULL,
	"spots" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_spot_maps_rows_check" CHECK ("custom_spot_maps"."rows" between 1 and 26),
	CONSTRAINT "custom_spot_maps_columns_check" CHECK ("custom_spot_maps"."columns" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "instructors" (
	"instructor_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "instructors_instructor_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"last_name" text,
	"nick_name" text,
	"quote" text,
	"short_bio" text,
	"instagram" text,
	"birthdate" date,
	"music_type" text,
	"file_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"location_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locations_location_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"address" text,
	"description" text,
	"phone" text,
	"map_url" text,
	"available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "single_class_instructors" (
	"single_class_id" integer NOT NULL,
	"instructor_id" integer NOT NULL,
	CONSTRAINT "single_class_instructors_single_class_id_instructor_id_pk" PRIMARY KEY("single_class_id","instructor_id")
);
--> statement-breakpoint
CREATE TABLE "single_class_tags" (
	"single_class_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "single_class_tags_single_class_id_tag_id_pk" PRIMARY KEY("single_class_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "single_classes" (
	"single_class_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "single_classes_single_class_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_date" timestamp with time zone NOT NULL,
	"duration_minutes" integer DEFAULT 50 NOT NULL,
	"description" text,
	"capacity" integer,
	"location_id" integer,
	"class_type_id" integer NOT NULL,
	"class_category_id" integer,
	"class_package_id" integer,
	"icon" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "single_classes_capacity_check" CHECK ("single_classes"."capacity" is null or "single_classes"."capacity" >= 0),
	CONSTRAINT "single_classes_duration_check" CHECK ("single_classes"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "accepted_pages" (
	"accepted_page_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accepted_pages_accepted_page_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"page_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accepted_pages_page_customer_unique" UNIQUE("page_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"announcement_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcements_announcement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"content" text,
	"image" text,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"file_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_file_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"type" text,
	"size" integer,
	"storage" text DEFAULT 'server' NOT NULL,
	"path" text,
	"src" text NOT NULL,
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storage_check" CHECK ("files"."storage" in ('server', 'aws')),
	CONSTRAINT "files_size_check" CHECK ("files"."size" is null or "files"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"page_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pages_page_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"content" text,
	"required" boolean DEFAULT false NOT NULL,
	"required_at_signup" boolean DEFAULT false NOT NULL,
	"show_in_footer" boolean DEFAULT true NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"tag_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tags_tag_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"color" text,
	"type" text DEFAULT 'class' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "available_classes" (
	"available_class_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "available_classes_available_class_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"purchase_id" integer,
	"class_type_id" integer,
	"class_types" text,
	"allowed_times" text,
	"available_classes" integer NOT NULL,
	"cancels_used" integer DEFAULT 0 NOT NULL,
	"expiration_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "available_classes_amount_check" CHECK ("available_classes"."available_classes" >= -1),
	CONSTRAINT "available_classes_cancels_used_check" CHECK ("available_classes"."cancels_used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "class_reservation_penalties" (
	"class_reservation_penalty_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_reservation_penalties_class_reservation_penalty_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"no_shows" integer DEFAULT 0 NOT NULL,
	"start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_reservation_penalties_no_shows_check" CHECK ("class_reservation_penalties"."no_shows" >= 0),
	CONSTRAINT "class_reservation_penalties_dates_check" CHECK ("class_reservation_penalties"."end_date" >= "class_reservation_penalties"."start_date")
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"address_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addresses_address_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"street" text,
	"number" text,
	"interior_number" text,
	"neighborhood" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"country" text NOT NULL,
	"zip_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_customer_id_unique" UNIQUE("customer_id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"customer_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_customer_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" text,
	"name" text NOT NULL,
	"last_name" text,
	"email" text NOT NULL,
	"phone" varchar(10),
	"birthdate" date,
	"instagram" text,
	"file_id" integer,
	"signup_reason" text,
	"signup_reason_other" text,
	"has_unlimited" boolean DEFAULT false NOT NULL,
	"unlimited_membership_expiration" timestamp with time zone,
	"ical_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_uid_unique" UNIQUE("uid"),
	CONSTRAINT "customers_ical_token_unique" UNIQUE("ical_token")
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"custom_field_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_fields_custom_field_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_id" integer,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"type" text DEFAULT 'text' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"options" text,
	"class_name" text,
	"precondition" text,
	"object" text DEFAULT 'customer' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_fields_type_check" CHECK ("custom_fields"."type" in ('file', 'date', 'text', 'time', 'image', 'phone', 'select', 'number', 'boolean', 'textarea', 'datetime-local', 'creatable-select', 'address'))
);
--> statement-breakpoint
CREATE TABLE "customer_field_values" (
	"customer_field_value_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_field_values_customer_field_value_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"custom_field_id" integer NOT NULL,
	"value" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_field_values_customer_field_unique" UNIQUE("customer_id","custom_field_id")
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"form_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forms_form_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"object" text DEFAULT 'customer' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"email_outbox_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_outbox_email_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"html" text,
	"text" text,
	"template" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"attachments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "class_package_types" (
	"class_package_type_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_package_types_class_package_type_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_package_id" integer NOT NULL,
	"class_type_id" integer NOT NULL,
	"class_amount" integer NOT NULL,
	"expiration_days" integer,
	CONSTRAINT "class_package_types_package_type_unique" UNIQUE("class_package_id","class_type_id"),
	CONSTRAINT "class_package_types_class_amount_check" CHECK ("class_package_types"."class_amount" >= -1)
);
--> statement-breakpoint
CREATE TABLE "class_packages" (
	"class_package_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_packages_class_package_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"sale_price" numeric(12, 2),
	"description" text,
	"short_description" text,
	"image" text,
	"class_amount" integer DEFAULT 0 NOT NULL,
	"expiration_days" integer,
	"is_special_event" boolean DEFAULT false NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"is_subscription" boolean DEFAULT false NOT NULL,
	"is_online" boolean DEFAULT false NOT NULL,
	"is_unlimited_membership" boolean DEFAULT false NOT NULL,
	"subscription_period" text,
	"subscription_interval" integer,
	"free_trial_length" integer,
	"free_trial_period" text,
	"limit_per_customer" integer,
	"people_limit" integer,
	"allowed_times" text,
	"order" integer DEFAULT 0 NOT NULL,
	"downloadable" jsonb,
	"file_url" text,
	"allow_discount_over_sale_price" boolean DEFAULT false NOT NULL,
	"receipt_file" text,
	"available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_packages_price_check" CHECK ("class_packages"."price" >= 0),
	CONSTRAINT "class_packages_sale_price_check" CHECK ("class_packages"."sale_price" is null or "class_packages"."sale_price" >= 0),
	CONSTRAINT "class_packages_class_amount_check" CHECK ("class_packages"."class_amount" >= -1),
	CONSTRAINT "class_packages_expiration_days_check" CHECK ("class_packages"."expiration_days" is null or "class_packages"."expiration_days" >= 0),
	CONSTRAINT "class_packages_subscription_period_check" CHECK ("class_packages"."subscription_period" is null or "class_packages"."subscription_period" in ('day', 'month', 'year')),
	CONSTRAINT "class_packages_free_trial_period_check" CHECK ("class_packages"."free_trial_period" is null or "class_packages"."free_trial_period" in ('day', 'month', 'year')),
	CONSTRAINT "class_packages_subscription_interval_check" CHECK ("class_packages"."subscription_interval" is null or "class_packages"."subscription_interval" >= 1),
	CONSTRAINT "class_packages_limits_check" CHECK (("class_packages"."limit_per_customer" is null or "class_packages"."limit_per_customer" >= 0) and ("class_packages"."people_limit" is null or "class_packages"."people_limit" >= 0))
);
--> statement-breakpoint
CREATE TABLE "package_home_lists" (
	"package_home_list_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "package_home_lists_package_home_list_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_package_id" integer NOT NULL,
	"list" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_home_lists_package_list_unique" UNIQUE("class_package_id","list"),
	CONSTRAINT "package_home_lists_list_check" CHECK ("package_home_lists"."list" in ('presenciales', 'online', 'especiales'))
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"discount_redemption_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discount_redemptions_discount_redemption_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"discount_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"purchase_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"discount_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discounts_discount_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"description" text,
	"amount" numeric(12, 2) NOT NULL,
	"is_percent" boolean DEFAULT false NOT NULL,
	"first_invoice_only" boolean DEFAULT false NOT NULL,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"class_package_id" integer,
	"available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_amount_check" CHECK ("discounts"."amount" >= 0 and (not "discounts"."is_percent" or "discounts"."amount" <= 100)),
	CONSTRAINT "discounts_max_uses_check" CHECK (("discounts"."max_uses" is null or "discounts"."max_uses" >= 0) and ("discounts"."max_uses_per_customer" is null or "discounts"."max_uses_per_customer" >= 0)),
	CONSTRAINT "discounts_dates_check" CHECK ("discounts"."starts_at" is null or "discounts"."ends_at" is null or "discounts"."ends_at" >= "discounts"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"payment_method_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_methods_payment_method_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"instructions" text,
	"provider" text NOT NULL,
	"bank" jsonb,
	"available" boolean DEFAULT true NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_provider_check" CHECK ("payment_methods"."provider" in ('card', 'cash', 'paypal'))
);
--> statement-breakpoint
CREATE TABLE "payment_sources" (
	"payment_source_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_sources_payment_source_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"source_id" text NOT NULL,
	"card_type" text,
	"last_digits" text,
	"exp_month" integer,
	"exp_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "payment_sources_exp_month_check" CHECK ("payment_sources"."exp_month" is null or "payment_sources"."exp_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "checkout_attempts" (
	"checkout_attempt_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checkout_attempts_checkout_attempt_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"idempotency_key" text NOT NULL,
	"customer_id" integer NOT NULL,
	"class_package_id" integer,
	"purchase_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text,
	"client_secret" text,
	"request_hash" text,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_attempts_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"invoice_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_invoice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"purchase_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"total_payment" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_provider_ref_unique" UNIQUE("provider_ref"),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('paid', 'pending', 'failed', 'refunded')),
	CONSTRAINT "invoices_total_payment_check" CHECK ("invoices"."total_payment" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"purchase_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "purchases_purchase_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"class_package_id" integer NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"discount_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_payment" numeric(12, 2) NOT NULL,
	"class_amount" integer,
	"expiration_days" integer,
	"expiration_date" timestamp with time zone,
	"payment_method_id" integer,
	"provider" text DEFAULT 'sandbox' NOT NULL,
	"provider_ref" text,
	"subscription_id" text,
	"subscription_interval" integer,
	"subscription_period" text,
	"free_trial_length" integer,
	"free_trial_period" text,
	"next_billing_date" timestamp with time zone,
	"renewal_failures" integer DEFAULT 0 NOT NULL,
	"discount_id" integer,
	"is_gift" boolean DEFAULT false NOT NULL,
	"cancel_reason" text,
	"credits_granted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "purchases_status_check" CHECK ("purchases"."status" in ('active', 'completed', 'pending', 'failed', 'cancelled', 'revoked')),
	CONSTRAINT "purchases_provider_check" CHECK ("purchases"."provider" in ('sandbox', 'stripe', 'paypal', 'cash', 'admin')),
	CONSTRAINT "purchases_money_check" CHECK ("purchases"."amount" >= 0 and "purchases"."discount_total" >= 0 and "purchases"."total_payment" >= 0),
	CONSTRAINT "purchases_renewal_failures_check" CHECK ("purchases"."renewal_failures" >= 0)
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"webhook_event_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_events_webhook_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text,
	"payload" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "webhook_events_provider_event_unique" UNIQUE("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "class_reservations" (
	"class_reservation_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_reservations_class_reservation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"single_class_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"guest" text,
	"guest_of_id" integer,
	"spot" text,
	"attend" boolean DEFAULT false NOT NULL,
	"is_cash" boolean DEFAULT false NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"class_stars" smallint,
	"available_class_id" integer,
	"paid_with" text DEFAULT 'credit' NOT NULL,
	"no_show_processed" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_reservations_class_stars_check" CHECK ("class_reservations"."class_stars" is null or "class_reservations"."class_stars" between 1 and 5),
	CONSTRAINT "class_reservations_paid_with_check" CHECK ("class_reservations"."paid_with" in ('credit', 'unlimited', 'admin', 'package')),
	CONSTRAINT "class_reservations_guest_check" CHECK ("class_reservations"."guest_of_id" is null or "class_reservations"."guest" is not null)
);
--> statement-breakpoint
CREATE TABLE "coach_ratings" (
	"coach_rating_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coach_ratings_coach_rating_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_reservation_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"instructor_id" integer,
	"coach_stars" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_ratings_class_reservation_id_unique" UNIQUE("class_reservation_id"),
	CONSTRAINT "coach_ratings_coach_stars_check" CHECK ("coach_ratings"."coach_stars" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"favorite_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "favorites_favorite_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_customer_video_unique" UNIQUE("customer_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "playbacks" (
	"playback_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "playbacks_playback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playbacks_customer_video_day_unique" UNIQUE("customer_id","video_id","day")
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"program_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "programs_program_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"image" text,
	"available" boolean DEFAULT true NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_completions" (
	"video_completion_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_completions_video_completion_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"video_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_completions_customer_video_unique" UNIQUE("customer_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "video_ratings" (
	"video_rating_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_ratings_video_rating_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"video_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_ratings_video_customer_unique" UNIQUE("video_id","customer_id"),
	CONSTRAINT "video_ratings_rating_check" CHECK ("video_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "video_tags" (
	"video_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "video_tags_video_id_tag_id_pk" PRIMARY KEY("video_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "video_types" (
	"video_type_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_types_video_type_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"video_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "videos_video_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"url" text,
	"host" text DEFAULT 'local' NOT NULL,
	"file_id" integer,
	"name" text NOT NULL,
	"description" text,
	"thumbnail" text,
	"duration" integer DEFAULT 0 NOT NULL,
	"instructor_id" integer,
	"class_type_id" integer,
	"video_type_id" integer,
	"program_id" integer,
	"published" boolean DEFAULT true NOT NULL,
	"release_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_host_check" CHECK ("videos"."host" in ('local', 'vimeo', 'youtube')),
	CONSTRAINT "videos_duration_check" CHECK ("videos"."duration" >= 0)
);
--> statement-breakpoint
CREATE TABLE "waitlists" (
	"waitlist_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waitlists_waitlist_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"single_class_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"class_reservation_id" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlists_status_check" CHECK ("waitlists"."status" in ('waiting', 'offered', 'promoted', 'expired', 'left'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_types" ADD CONSTRAINT "class_types_custom_spot_map_id_custom_spot_maps_custom_spot_map_id_fk" FOREIGN KEY ("custom_spot_map_id") REFERENCES "public"."custom_spot_maps"("custom_spot_map_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_spot_maps" ADD CONSTRAINT "custom_spot_maps_class_type_id_class_types_class_type_id_fk" FOREIGN KEY ("class_type_id") REFERENCES "public"."class_types"("class_type_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructors" ADD CONSTRAINT "instructors_file_id_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("file_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_class_instructors" ADD CONSTRAINT "single_class_instructors_single_class_id_single_classes_single_class_id_fk" FOREIGN KEY ("single_class_id") REFERENCES "public"."single_classes"("single_class_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_class_instructors" ADD CONSTRAINT "single_class_instructors_instructor_id_instructors_instructor_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("instructor_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_class_tags" ADD CONSTRAINT "single_class_tags_single_class_id_single_classes_single_class_id_fk" FOREIGN KEY ("single_class_id") REFERENCES "public"."single_classes"("single_class_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_class_tags" ADD CONSTRAINT "single_class_tags_tag_id_tags_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("tag_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_classes" ADD CONSTRAINT "single_classes_location_id_locations_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("location_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_classes" ADD CONSTRAINT "single_classes_class_type_id_class_types_class_type_id_fk" FOREIGN KEY ("class_type_id") REFERENCES "public"."class_types"("class_type_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_classes" ADD CONSTRAINT "single_classes_class_category_id_class_categories_class_category_id_fk" FOREIGN KEY ("class_category_id") REFERENCES "public"."class_categories"("class_category_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_classes" ADD CONSTRAINT "single_classes_class_package_id_class_packages_class_package_id_fk" FOREIGN KEY ("class_package_id") REFERENCES "public"."class_packages"("class_package_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accepted_pages" ADD CONSTRAINT "accepted_pages_page_id_pages_page_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("page_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accepted_pages" ADD CONSTRAINT "accepted_pages_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "available_classes" ADD CONSTRAINT "available_classes_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "available_classes" ADD CONSTRAINT "available_classes_purchase_id_purchases_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("purchase_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "available_classes" ADD CONSTRAINT "available_classes_class_type_id_class_types_class_type_id_fk" FOREIGN KEY ("class_type_id") REFERENCES "public"."class_types"("class_type_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_reservation_penalties" ADD CONSTRAINT "class_reservation_penalties_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_reservation_penalties" ADD CONSTRAINT "class_reservation_penalties_lifted_by_user_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_file_id_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("file_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_form_id_forms_form_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("form_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_field_values" ADD CONSTRAINT "customer_field_values_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_field_values" ADD CONSTRAINT "customer_field_values_custom_field_id_custom_fields_custom_field_id_fk" FOREIGN KEY ("custom_field_id") REFERENCES "public"."custom_fields"("custom_field_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_package_types" ADD CONSTRAINT "class_package_types_class_package_id_class_packages_class_package_id_fk" FOREIGN KEY ("class_package_id") REFERENCES "public"."class_packages"("class_package_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_package_types" ADD CONSTRAINT "class_package_types_class_type_id_class_types_class_type_id_fk" FOREIGN KEY ("class_type_id") REFERENCES "public"."class_types"("class_type_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_home_lists" ADD CONSTRAINT "package_home_lists_class_package_id_class_packages_class_package_id_fk" FOREIGN KEY ("class_package_id") REFERENCES "public"."class_packages"("class_package_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_discount_id_discounts_discount_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("discount_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_purchase_id_purchases_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("purchase_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_class_package_id_class_packages_class_package_id_fk" FOREIGN KEY ("class_package_id") REFERENCES "public"."class_packages"("class_package_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_sources" ADD CONSTRAINT "payment_sources_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD CONSTRAINT "checkout_attempts_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD CONSTRAINT "checkout_attempts_class_package_id_class_packages_class_package_id_fk" FOREIGN KEY ("class_package_id") REFERENCES "public"."class_packages"("class_package_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD CONSTRAINT "checkout_attempts_purchase_id_purchases_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("purchase_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_purchase_id_purchases_purchase_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("purchase_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_class_package_id_class_packages_class_package_id_fk" FOREIGN KEY ("class_package_id") REFERENCES "public"."class_packages"("class_package_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_payment_method_id_payment_methods_payment_method_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("payment_method_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_discount_id_discounts_discount_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("discount_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_reservations" ADD CONSTRAINT "class_reservations_single_class_id_single_classes_single_class_id_fk" FOREIGN KEY ("single_class_id") REFERENCES "public"."single_classes"("single_class_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_reservations" ADD CONSTRAINT "class_reservations_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_reservations" ADD CONSTRAINT "class_reservations_guest_of_id_class_reservations_class_reservation_id_fk" FOREIGN KEY ("guest_of_id") REFERENCES "public"."class_reservations"("class_reservation_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_reservations" ADD CONSTRAINT "class_reservations_available_class_id_available_classes_available_class_id_fk" FOREIGN KEY ("available_class_id") REFERENCES "public"."available_classes"("available_class_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_ratings" ADD CONSTRAINT "coach_ratings_class_reservation_id_class_reservations_class_reservation_id_fk" FOREIGN KEY ("class_reservation_id") REFERENCES "public"."class_reservations"("class_reservation_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_ratings" ADD CONSTRAINT "coach_ratings_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_ratings" ADD CONSTRAINT "coach_ratings_instructor_id_instructors_instructor_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("instructor_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_video_id_videos_video_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("video_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbacks" ADD CONSTRAINT "playbacks_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbacks" ADD CONSTRAINT "playbacks_video_id_videos_video_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("video_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_completions" ADD CONSTRAINT "video_completions_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_completions" ADD CONSTRAINT "video_completions_video_id_videos_video_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("video_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_ratings" ADD CONSTRAINT "video_ratings_video_id_videos_video_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("video_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_ratings" ADD CONSTRAINT "video_ratings_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_tags" ADD CONSTRAINT "video_tags_video_id_videos_video_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("video_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_tags" ADD CONSTRAINT "video_tags_tag_id_tags_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("tag_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_file_id_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("file_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_instructor_id_instructors_instructor_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."instructors"("instructor_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_class_type_id_class_types_class_type_id_fk" FOREIGN KEY ("class_type_id") REFERENCES "public"."class_types"("class_type_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_video_type_id_video_types_video_type_id_fk" FOREIGN KEY ("video_type_id") REFERENCES "public"."video_types"("video_type_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_program_id_programs_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("program_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlists" ADD CONSTRAINT "waitlists_single_class_id_single_classes_single_class_id_fk" FOREIGN KEY ("single_class_id") REFERENCES "public"."single_classes"("single_class_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlists" ADD CONSTRAINT "waitlists_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlists" ADD CONSTRAINT "waitlists_class_reservation_id_class_reservations_class_reservation_id_fk" FOREIGN KEY ("class_reservation_id") REFERENCES "public"."class_reservations"("class_reservation_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_customer_id_idx" ON "audit_log" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_user_id_idx" ON "audit_log" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "instructors_file_id_idx" ON "instructors" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "single_class_instructors_instructor_id_idx" ON "single_class_instructors" USING btree ("instructor_id");--> statement-breakpoint
CREATE INDEX "single_class_tags_tag_id_idx" ON "single_class_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "single_classes_class_date_idx" ON "single_classes" USING btree ("class_date");--> statement-breakpoint
CREATE INDEX "single_classes_id_date_idx" ON "single_classes" USING btree ("single_class_id","class_date");--> statement-breakpoint
CREATE INDEX "single_classes_location_id_idx" ON "single_classes" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "single_classes_class_type_id_idx" ON "single_classes" USING btree ("class_type_id");--> statement-breakpoint
CREATE INDEX "single_classes_class_category_id_idx" ON "single_classes" USING btree ("class_category_id");--> statement-breakpoint
CREATE INDEX "single_classes_class_package_id_idx" ON "single_classes" USING btree ("class_package_id");--> statement-breakpoint
CREATE INDEX "accepted_pages_customer_id_idx" ON "accepted_pages" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "announcements_created_at_idx" ON "announcements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "files_customer_id_idx" ON "files" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "tags_type_idx" ON "tags" USING btree ("type");--> statement-breakpoint
CREATE INDEX "available_classes_customer_id_idx" ON "available_classes" USING btree ("customer_id","expiration_date");--> statement-breakpoint
CREATE INDEX "available_classes_purchase_id_idx" ON "available_classes" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "available_classes_class_type_id_idx" ON "available_classes" USING btree ("class_type_id");--> statement-breakpoint
CREATE INDEX "class_reservation_penalties_customer_id_idx" ON "class_reservation_penalties" USING btree ("customer_id","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_phone_unique" ON "customers" USING btree ("phone") WHERE "customers"."phone" is not null;--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "customers_file_id_idx" ON "customers" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "custom_fields_form_id_idx" ON "custom_fields" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "custom_fields_object_idx" ON "custom_fields" USING btree ("object");--> statement-breakpoint
CREATE INDEX "customer_field_values_custom_field_id_idx" ON "customer_field_values" USING btree ("custom_field_id");--> statement-breakpoint
CREATE INDEX "email_outbox_status_idx" ON "email_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_to_idx" ON "email_outbox" USING btree ("to");--> statement-breakpoint
CREATE INDEX "class_package_types_class_type_id_idx" ON "class_package_types" USING btree ("class_type_id");--> statement-breakpoint
CREATE INDEX "package_home_lists_list_idx" ON "package_home_lists" USING btree ("list","order");--> statement-breakpoint
CREATE INDEX "discount_redemptions_discount_id_idx" ON "discount_redemptions" USING btree ("discount_id","customer_id");--> statement-breakpoint
CREATE INDEX "discount_redemptions_customer_id_idx" ON "discount_redemptions" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_purchase_unique" ON "discount_redemptions" USING btree ("purchase_id") WHERE "discount_redemptions"."purchase_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_code_unique" ON "discounts" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "discounts_class_package_id_idx" ON "discounts" USING btree ("class_package_id");--> statement-breakpoint
CREATE INDEX "payment_sources_customer_id_idx" ON "payment_sources" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sources_source_unique" ON "payment_sources" USING btree ("provider","source_id") WHERE "payment_sources"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "checkout_attempts_customer_id_idx" ON "checkout_attempts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "checkout_attempts_purchase_id_idx" ON "checkout_attempts" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "invoices_purchase_id_idx" ON "invoices" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "invoices_customer_id_idx" ON "invoices" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_created_at_idx" ON "invoices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "purchases_customer_id_idx" ON "purchases" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "purchases_created_at_idx" ON "purchases" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "purchases_class_package_id_idx" ON "purchases" USING btree ("class_package_id");--> statement-breakpoint
CREATE INDEX "purchases_status_idx" ON "purchases" USING btree ("status");--> statement-breakpoint
CREATE INDEX "purchases_subscription_id_idx" ON "purchases" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "purchases_provider_ref_idx" ON "purchases" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "purchases_next_billing_date_idx" ON "purchases" USING btree ("next_billing_date") WHERE "purchases"."status" = 'active' and "purchases"."subscription_id" is not null;--> statement-breakpoint
CREATE INDEX "purchases_discount_id_idx" ON "purchases" USING btree ("discount_id");--> statement-breakpoint
CREATE INDEX "purchases_payment_method_id_idx" ON "purchases" USING btree ("payment_method_id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_reservations_spot_unique" ON "class_reservations" USING btree ("single_class_id","spot") WHERE "class_reservations"."deleted_at" is null and "class_reservations"."spot" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "class_reservations_customer_unique" ON "class_reservations" USING btree ("single_class_id","customer_id") WHERE "class_reservations"."deleted_at" is null and "class_reservations"."guest_of_id" is null;--> statement-breakpoint
CREATE INDEX "class_reservations_single_class_id_idx" ON "class_reservations" USING btree ("single_class_id");--> statement-breakpoint
CREATE INDEX "class_reservations_customer_id_idx" ON "class_reservations" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "class_reservations_guest_of_id_idx" ON "class_reservations" USING btree ("guest_of_id");--> statement-breakpoint
CREATE INDEX "class_reservations_available_class_id_idx" ON "class_reservations" USING btree ("available_class_id");--> statement-breakpoint
CREATE INDEX "coach_ratings_customer_id_idx" ON "coach_ratings" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "coach_ratings_instructor_id_idx" ON "coach_ratings" USING btree ("instructor_id");--> statement-breakpoint
CREATE INDEX "favorites_video_id_idx" ON "favorites" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "playbacks_video_id_idx" ON "playbacks" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "video_completions_video_id_idx" ON "video_completions" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "video_ratings_customer_id_idx" ON "video_ratings" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "video_tags_tag_id_idx" ON "video_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "videos_instructor_id_idx" ON "videos" USING btree ("instructor_id");--> statement-breakpoint
CREATE INDEX "videos_class_type_id_idx" ON "videos" USING btree ("class_type_id");--> statement-breakpoint
CREATE INDEX "videos_video_type_id_idx" ON "videos" USING btree ("video_type_id");--> statement-breakpoint
CREATE INDEX "videos_program_id_idx" ON "videos" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "videos_created_at_idx" ON "videos" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlists_customer_unique" ON "waitlists" USING btree ("single_class_id","customer_id") WHERE "waitlists"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "waitlists_single_class_id_idx" ON "waitlists" USING btree ("single_class_id","created_at");--> statement-breakpoint
CREATE INDEX "waitlists_customer_id_idx" ON "waitlists" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "waitlists_offer_expires_at_idx" ON "waitlists" USING btree ("offer_expires_at") WHERE "waitlists"."status" = 'offered';