CREATE TABLE "report_location_retention_cells" (
	"location_id" integer NOT NULL,
	"month" integer NOT NULL,
	"first" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"both" integer DEFAULT 0 NOT NULL,
	"back" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_location_retention_cells_location_id_month_first_pk" PRIMARY KEY("location_id","month","first")
);
--> statement-breakpoint
CREATE INDEX "report_visit_months_location_customer_idx" ON "report_visit_months" USING btree ("location_id","customer_id","month");--> statement-breakpoint
-- Hand-written (decision 0135): one location's retention counts, report_retention_cells per
-- location (decision 0130), filled here from the existing rows before the triggers exist.
INSERT INTO "report_location_retention_cells" ("location_id", "month", "first", "n", "both", "back")
SELECT "location_id", "month", "first", count(*), count(*) FILTER (WHERE "prev"), count(*) FILTER (WHERE NOT "prev" AND "first" < "month" - 1)
FROM (
  SELECT "location_id", "month", min("month") OVER (PARTITION BY "customer_id", "location_id") AS "first",
         coalesce(lag("month") OVER (PARTITION BY "customer_id", "location_id" ORDER BY "month") = "month" - 1, false) AS "prev"
  FROM "report_visit_months"
) x
GROUP BY 1, 2, 3;--> statement-breakpoint
-- A customer's month at a location appeared or went (a row of report_visit_months inserted or
-- deleted; an update only changes its visits): that customer's contribution at that location is
-- recounted, the months after the statement (+1) less those before it (-1), as
-- report_retention_from_months does for every location together. The customers' rows are locked
-- first, in the same order and mode as that trigger, so two transactions adding months of one
-- customer count one after the other.
CREATE FUNCTION "report_location_retention_from_visits"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement trigger fires for statements that changed no row too (every upsert's insert half).
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
    PERFORM 1 FROM "customers" WHERE "customer_id" IN (SELECT "customer_id" FROM new_rows)
    ORDER BY "customer_id" FOR NO KEY UPDATE;
    INSERT INTO "report_location_retention_cells" AS t ("location_id", "month", "first", "n", "both", "back")
    SELECT "location_id", "month", "first", sum("k"), sum("k" * "prev"::int), sum("k" * (NOT "prev" AND "first" < "month" - 1)::int)
    FROM (
      SELECT "location_id", "month", "k", min("month") OVER w AS "first",
             coalesce(lag("month") OVER (w ORDER BY "month") = "month" - 1, false) AS "prev"
      FROM (
        SELECT v."customer_id", v."location_id", v."month", 1 AS "k" FROM "report_visit_months" v
        WHERE (v."customer_id", v."location_id") IN (SELECT "customer_id", "location_id" FROM new_rows)
        UNION ALL
        SELECT v."customer_id", v."location_id", v."month", -1 FROM "report_visit_months" v
        WHERE (v."customer_id", v."location_id") IN (SELECT "customer_id", "location_id" FROM new_rows)
          AND NOT EXISTS (SELECT 1 FROM new_rows n
                          WHERE n."customer_id" = v."customer_id" AND n."location_id" = v."location_id" AND n."month" = v."month")
      ) s
      WINDOW w AS (PARTITION BY "customer_id", "location_id", "k")
    ) x
    GROUP BY 1, 2, 3
    HAVING sum("k") <> 0 OR sum("k" * "prev"::int) <> 0 OR sum("k" * (NOT "prev" AND "first" < "month" - 1)::int) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ("location_id", "month", "first") DO UPDATE SET
      "n" = t."n" + excluded."n", "both" = t."both" + excluded."both", "back" = t."back" + excluded."back";
  ELSE
    IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
    PERFORM 1 FROM "customers" WHERE "customer_id" IN (SELECT "customer_id" FROM old_rows)
    ORDER BY "customer_id" FOR NO KEY UPDATE;
    INSERT INTO "report_location_retention_cells" AS t ("location_id", "month", "first", "n", "both", "back")
    SELECT "location_id", "month", "first", sum("k"), sum("k" * "prev"::int), sum("k" * (NOT "prev" AND "first" < "month" - 1)::int)
    FROM (
      SELECT "location_id", "month", "k", min("month") OVER w AS "first",
             coalesce(lag("month") OVER (w ORDER BY "month") = "month" - 1, false) AS "prev"
      FROM (
        SELECT v."customer_id", v."location_id", v."month", 1 AS "k" FROM "report_visit_months" v
        WHERE (v."customer_id", v."location_id") IN (SELECT "customer_id", "location_id" FROM old_rows)
        UNION ALL
        SELECT v."customer_id", v."location_id", v."month", -1 FROM "report_visit_months" v
        WHERE (v."customer_id", v."location_id") IN (SELECT "customer_id", "location_id" FROM old_rows)
        UNION ALL
        SELECT "customer_id", "location_id", "month", -1 FROM old_rows
      ) s
      WINDOW w AS (PARTITION BY "customer_id", "location_id", "k")
    ) x
    GROUP BY 1, 2, 3
    HAVING sum("k") <> 0 OR sum("k" * "prev"::int) <> 0 OR sum("k" * (NOT "prev" AND "first" < "month" - 1)::int) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ("location_id", "month", "first") DO UPDATE SET
      "n" = t."n" + excluded."n", "both" = t."both" + excluded."both", "back" = t."back" + excluded."back";
  END IF;
  DELETE FROM "report_location_retention_cells" WHERE "n" = 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "report_visit_months_location_retention_insert" AFTER INSERT ON "report_visit_months"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_location_retention_from_visits"();--> statement-breakpoint
CREATE TRIGGER "report_visit_months_location_retention_delete" AFTER DELETE ON "report_visit_months"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_location_retention_from_visits"();--> statement-breakpoint
ANALYZE "report_location_retention_cells";
