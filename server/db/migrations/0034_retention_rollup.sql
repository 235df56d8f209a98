CREATE TABLE "report_customer_months" (
	"customer_id" integer NOT NULL,
	"month" integer NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_customer_months_customer_id_month_pk" PRIMARY KEY("customer_id","month")
);
--> statement-breakpoint
CREATE TABLE "report_retention_cells" (
	"month" integer NOT NULL,
	"first" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"both" integer DEFAULT 0 NOT NULL,
	"back" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_retention_cells_month_first_pk" PRIMARY KEY("month","first")
);
--> statement-breakpoint
ALTER TABLE "report_customer_months" ADD CONSTRAINT "report_customer_months_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (decision 0130): the retention rollups' triggers and their backfill.
-- report_customer_months is report_visit_months added up over locations; report_retention_cells
-- is the retention report's counts per (month, first month), recounted per customer whose set of
-- months changes. Filled here from the existing rows before the triggers exist.
INSERT INTO "report_customer_months" ("customer_id", "month", "visits")
SELECT "customer_id", "month", sum("visits") FROM "report_visit_months" GROUP BY 1, 2 HAVING sum("visits") > 0;--> statement-breakpoint
INSERT INTO "report_retention_cells" ("month", "first", "n", "both", "back")
SELECT "month", "first", count(*), count(*) FILTER (WHERE "prev"), count(*) FILTER (WHERE NOT "prev" AND "first" < "month" - 1)
FROM (
  SELECT "month", min("month") OVER (PARTITION BY "customer_id") AS "first",
         coalesce(lag("month") OVER (PARTITION BY "customer_id" ORDER BY "month") = "month" - 1, false) AS "prev"
  FROM "report_customer_months"
) x
GROUP BY 1, 2;--> statement-breakpoint
-- report_visit_months written: its customer's month moves by the difference of the visits, every
-- location together; a month that falls to 0 goes. Customers deleted in the same statement (the
-- cascade) are skipped, like the reservation triggers do.
CREATE FUNCTION "report_customer_months_from_visits"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
    INSERT INTO "report_customer_months" AS t ("customer_id", "month", "visits")
    SELECT d."customer_id", d."month", sum(d."visits")
    FROM new_rows d JOIN "customers" u ON u."customer_id" = d."customer_id"
    GROUP BY 1, 2 HAVING sum(d."visits") <> 0
    ORDER BY 1, 2
    ON CONFLICT ("customer_id", "month") DO UPDATE SET "visits" = t."visits" + excluded."visits";
    DELETE FROM "report_customer_months" t
    WHERE t."visits" = 0 AND t."customer_id" IN (SELECT "customer_id" FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
    INSERT INTO "report_customer_months" AS t ("customer_id", "month", "visits")
    SELECT d."customer_id", d."month", -sum(d."visits")
    FROM old_rows d JOIN "customers" u ON u."customer_id" = d."customer_id"
    GROUP BY 1, 2 HAVING sum(d."visits") <> 0
    ORDER BY 1, 2
    ON CONFLICT ("customer_id", "month") DO UPDATE SET "visits" = t."visits" + excluded."visits";
    DELETE FROM "report_customer_months" t
    WHERE t."visits" = 0 AND t."customer_id" IN (SELECT "customer_id" FROM old_rows);
  ELSE
    IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
    INSERT INTO "report_customer_months" AS t ("customer_id", "month", "visits")
    SELECT d."customer_id", d."month", sum(d."visits")
    FROM (
      SELECT "customer_id", "month", "visits" FROM new_rows
      UNION ALL SELECT "customer_id", "month", -"visits" FROM old_rows
    ) d JOIN "customers" u ON u."customer_id" = d."customer_id"
    GROUP BY 1, 2 HAVING sum(d."visits") <> 0
    ORDER BY 1, 2
    ON CONFLICT ("customer_id", "month") DO UPDATE SET "visits" = t."visits" + excluded."visits";
    DELETE FROM "report_customer_months" t
    WHERE t."visits" = 0
      AND t."customer_id" IN (SELECT "customer_id" FROM new_rows UNION SELECT "customer_id" FROM old_rows);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "report_visit_months_customer_insert" AFTER INSERT ON "report_visit_months"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_customer_months_from_visits"();--> statement-breakpoint
CREATE TRIGGER "report_visit_months_customer_update" AFTER UPDATE ON "report_visit_months"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_customer_months_from_visits"();--> statement-breakpoint
CREATE TRIGGER "report_visit_months_customer_delete" AFTER DELETE ON "report_visit_months"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_customer_months_from_visits"();--> statement-breakpoint
-- A customer's month appeared or went: that customer's contribution to the cells is recounted,
-- the set of months after the statement (+1) less the set before it (-1). The customers' rows are
-- locked first (FOR NO KEY UPDATE, which foreign keys' KEY SHARE does not wait for): two
-- transactions adding months of one customer then count one after the other, the second seeing
-- the first's month, instead of both counting from a set without the other's.
CREATE FUNCTION "report_retention_from_months"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement trigger fires for statements that changed no row too (every upsert's insert half).
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
    PERFORM 1 FROM "customers" WHERE "customer_id" IN (SELECT "customer_id" FROM new_rows)
    ORDER BY "customer_id" FOR NO KEY UPDATE;
    INSERT INTO "report_retention_cells" AS t ("month", "first", "n", "both", "back")
    SELECT "month", "first", sum("k"), sum("k" * "prev"::int), sum("k" * (NOT "prev" AND "first" < "month" - 1)::int)
    FROM (
      SELECT "month", "k", min("month") OVER w AS "first",
             coalesce(lag("month") OVER (w ORDER BY "month") = "month" - 1, false) AS "prev"
      FROM (
        SELECT m."customer_id", m."month", 1 AS "k" FROM "report_customer_months" m
        WHERE m."customer_id" IN (SELECT "customer_id" FROM new_rows)
        UNION ALL
        SELECT m."customer_id", m."month", -1 FROM "report_customer_months" m
        WHERE m."customer_id" IN (SELECT "customer_id" FROM new_rows)
          AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n."customer_id" = m."customer_id" AND n."month" = m."month")
      ) s
      WINDOW w AS (PARTITION BY "customer_id", "k")
    ) x
    GROUP BY 1, 2 HAVING sum("k") <> 0 OR sum("k" * "prev"::int) <> 0 OR sum("k" * (NOT "prev" AND "first" < "month" - 1)::int) <> 0
    ORDER BY 1, 2
    ON CONFLICT ("month", "first") DO UPDATE SET
      "n" = t."n" + excluded."n", "both" = t."both" + excluded."both", "back" = t."back" + excluded."back";
  ELSE
    IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
    PERFORM 1 FROM "customers" WHERE "customer_id" IN (SELECT "customer_id" FROM old_rows)
    ORDER BY "customer_id" FOR NO KEY UPDATE;
    INSERT INTO "report_retention_cells" AS t ("month", "first", "n", "both", "back")
    SELECT "month", "first", sum("k"), sum("k" * "prev"::int), sum("k" * (NOT "prev" AND "first" < "month" - 1)::int)
    FROM (
      SELECT "month", "k", min("month") OVER w AS "first",
             coalesce(lag("month") OVER (w ORDER BY "month") = "month" - 1, false) AS "prev"
      FROM (
        SELECT m."customer_id", m."month", 1 AS "k" FROM "report_customer_months" m
        WHERE m."customer_id" IN (SELECT "customer_id" FROM old_rows)
        UNION ALL
        SELECT m."customer_id", m."month", -1 FROM "report_customer_months" m
        WHERE m."customer_id" IN (SELECT "customer_id" FROM old_rows)
        UNION ALL
        SELECT "customer_id", "month", -1 FROM old_rows
      ) s
      WINDOW w AS (PARTITION BY "customer_id", "k")
    ) x
    GROUP BY 1, 2 HAVING sum("k") <> 0 OR sum("k" * "prev"::int) <> 0 OR sum("k" * (NOT "prev" AND "first" < "month" - 1)::int) <> 0
    ORDER BY 1, 2
    ON CONFLICT ("month", "first") DO UPDATE SET
      "n" = t."n" + excluded."n", "both" = t."both" + excluded."both", "back" = t."back" + excluded."back";
  END IF;
  DELETE FROM "report_retention_cells" WHERE "n" = 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "report_customer_months_retention_insert" AFTER INSERT ON "report_customer_months"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_retention_from_months"();--> statement-breakpoint
CREATE TRIGGER "report_customer_months_retention_delete" AFTER DELETE ON "report_customer_months"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_retention_from_months"();--> statement-breakpoint
-- The planner's statistics of the filled tables (the report looks customers up by primary key).
ANALYZE "report_customer_months";--> statement-breakpoint
ANALYZE "report_retention_cells";
