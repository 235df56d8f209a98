CREATE TABLE "report_customer_totals" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"months" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_customer_totals" ADD CONSTRAINT "report_customer_totals_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (decision 0144): each customer's count of months with a visit, kept from
-- report_customer_months. Filled here from the existing rows before the triggers exist.
INSERT INTO "report_customer_totals" ("customer_id", "months")
SELECT "customer_id", count(*) FROM "report_customer_months" GROUP BY 1;--> statement-breakpoint
-- A month row that appears adds one to its customer, one that goes takes one away. Only inserts
-- and deletes change the set of months (an upsert's UPDATE half changes the visits), as the
-- retention cells' triggers on the same table assume (decision 0130). The delete half updates
-- without inserting: a customer deleted in the same statement (the cascade) loses this row too.
CREATE FUNCTION "report_customer_totals_from_months"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement trigger fires for statements that changed no row too (every upsert's insert half).
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
    INSERT INTO "report_customer_totals" AS t ("customer_id", "months")
    SELECT "customer_id", count(*) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT ("customer_id") DO UPDATE SET "months" = t."months" + excluded."months";
  ELSE
    IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
    UPDATE "report_customer_totals" t SET "months" = t."months" - d."n"
    FROM (SELECT "customer_id", count(*) AS "n" FROM old_rows GROUP BY 1) d
    WHERE t."customer_id" = d."customer_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "report_customer_months_totals_insert" AFTER INSERT ON "report_customer_months"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_customer_totals_from_months"();--> statement-breakpoint
CREATE TRIGGER "report_customer_months_totals_delete" AFTER DELETE ON "report_customer_months"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_customer_totals_from_months"();--> statement-breakpoint
ANALYZE "report_customer_totals";
