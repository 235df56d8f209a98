CREATE TABLE "report_class_counts" (
	"single_class_id" integer PRIMARY KEY NOT NULL,
	"guests" integer DEFAULT 0 NOT NULL,
	"attended" integer DEFAULT 0 NOT NULL,
	"late_cancels" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_visit_months" (
	"customer_id" integer NOT NULL,
	"month" integer NOT NULL,
	"location_id" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_visit_months_customer_id_month_location_id_pk" PRIMARY KEY("customer_id","month","location_id")
);
--> statement-breakpoint
ALTER TABLE "report_class_counts" ADD CONSTRAINT "report_class_counts_single_class_id_single_classes_single_class_id_fk" FOREIGN KEY ("single_class_id") REFERENCES "public"."single_classes"("single_class_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_visit_months" ADD CONSTRAINT "report_visit_months_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The reports' rollups (decision 0105) are kept here, in the database, by statement triggers like
-- the seat counter (migration class_seat_counter): every writer of reservations and classes keeps
-- them right in its own transaction. Deltas are summed per key and applied as upserts in key order
-- (+ for a row's new version, - for its old one), so concurrent writers add up instead of
-- overwriting each other.
CREATE FUNCTION "report_studio_timezone"() RETURNS text LANGUAGE sql STABLE AS $$
  -- The default is domain/app-config.ts's: only keys that differ from it are stored.
  SELECT coalesce((SELECT "value" #>> '{}' FROM "app_config" WHERE "key" = 'timezone'), 'America/Mexico_City')
$$;--> statement-breakpoint
-- A studio month as one integer, year * 12 + month - 1 (2026-11 is 24322): report_visit_months.month.
CREATE FUNCTION "report_month_number"("at" timestamptz, "tz" text) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT (extract(year FROM "at" AT TIME ZONE "tz") * 12 + extract(month FROM "at" AT TIME ZONE "tz") - 1)::integer
$$;--> statement-breakpoint
CREATE FUNCTION "report_rollups_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE tz text := "report_studio_timezone"();
BEGIN
  DELETE FROM "report_class_counts";
  INSERT INTO "report_class_counts" ("single_class_id", "guests", "attended", "late_cancels")
  SELECT "single_class_id",
         count(*) FILTER (WHERE "deleted_at" IS NULL AND "guest_of_id" IS NOT NULL),
         count(*) FILTER (WHERE "deleted_at" IS NULL AND "attend"),
         count(*) FILTER (WHERE "late_cancel")
  FROM "class_reservations" GROUP BY 1;
  DELETE FROM "report_visit_months";
  INSERT INTO "report_visit_months" ("customer_id", "month", "location_id", "visits")
  SELECT r."customer_id", "report_month_number"(c."class_date", tz), coalesce(c."location_id", 0), count(*)
  FROM "class_reservations" r
  JOIN "single_classes" c ON c."single_class_id" = r."single_class_id"
  JOIN "customers" u ON u."customer_id" = r."customer_id"
  WHERE r."deleted_at" IS NULL AND r."guest_of_id" IS NULL AND c."cancelled_at" IS NULL
  GROUP BY 1, 2, 3;
END
$$;--> statement-breakpoint
-- A reservation written: its class's counters and its customer's visit month move by the
-- difference between its new and old versions. The class and the month are the class's as it is
-- now: a class that moves, is cancelled or changes place is the trigger on single_classes' job.
-- A reservation written: its class's counters and its customer's visit month move by the
-- difference between its new and old versions. The class and the month are the class's as it is
-- now: a class that moves, is cancelled or changes place is the trigger on single_classes' job.
-- One branch per operation: a transition table exists only for the operations that have it.
CREATE FUNCTION "report_rollups_from_reservations"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text := "report_studio_timezone"();
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "report_class_counts" AS t ("single_class_id", "guests", "attended", "late_cancels")
    SELECT d."single_class_id", sum(d."g"), sum(d."a"), sum(d."l")
    FROM (
      SELECT "single_class_id", "k" * ("deleted_at" IS NULL AND "guest_of_id" IS NOT NULL)::int AS "g",
             "k" * ("deleted_at" IS NULL AND "attend")::int AS "a", "k" * "late_cancel"::int AS "l"
      FROM (SELECT *, 1 AS "k" FROM new_rows) x
    ) d
    JOIN "single_classes" c ON c."single_class_id" = d."single_class_id"
    GROUP BY 1 HAVING sum(d."g") <> 0 OR sum(d."a") <> 0 OR sum(d."l") <> 0
    ORDER BY 1
    ON CONFLICT ("single_class_id") DO UPDATE SET
      "guests" = t."guests" + excluded."guests",
      "attended" = t."attended" + excluded."attended",
      "late_cancels" = t."late_cancels" + excluded."late_cancels";
    INSERT INTO "report_visit_months" AS t ("customer_id", "month", "location_id", "visits")
    SELECT d."customer_id", "report_month_number"(c."class_date", tz), coalesce(c."location_id", 0), sum(d."k")
    FROM (SELECT *, 1 AS "k" FROM new_rows) d
    JOIN "single_classes" c ON c."single_class_id" = d."single_class_id"
    JOIN "customers" u ON u."customer_id" = d."customer_id"
    WHERE d."deleted_at" IS NULL AND d."guest_of_id" IS NULL AND c."cancelled_at" IS NULL
    GROUP BY 1, 2, 3 HAVING sum(d."k") <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ("customer_id", "month", "location_id") DO UPDATE SET "visits" = t."visits" + excluded."visits";
    DELETE FROM "report_visit_months" t
    WHERE t."visits" = 0 AND t."customer_id" IN (SELECT "customer_id" FROM (SELECT *, 1 AS "k" FROM new_rows) d);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "report_class_counts" AS t ("single_class_id", "guests", "attended", "late_cancels")
    SELECT d."single_class_id", sum(d."g"), sum(d."a"), sum(d."l")
    FROM (
      SELECT "single_class_id", "k" * ("deleted_at" IS NULL AND "guest_of_id" IS NOT NULL)::int AS "g",
             "k" * ("deleted_at" IS NULL AND "attend")::int AS "a", "k" * "late_cancel"::int AS "l"
      FROM (SELECT *, -1 AS "k" FROM old_rows) x
    ) d
    JOIN "single_classes" c ON c."single_class_id" = d."single_class_id"
    GROUP BY 1 HAVING sum(d."g") <> 0 OR sum(d."a") <> 0 OR sum(d."l") <> 0
    ORDER BY 1
    ON CONFLICT ("single_class_id") DO UPDATE SET
      "guests" = t."guests" + excluded."guests",
      "attended" = t."attended" + excluded."attended",
      "late_cancels" = t."late_cancels" + excluded."late_cancels";
    INSERT INTO "report_visit_months" AS t ("customer_id", "month", "location_id", "visits")
    SELECT d."customer_id", "report_month_number"(c."class_date", tz), coalesce(c."location_id", 0), sum(d."k")
    FROM (SELECT *, -1 AS "k" FROM old_rows) d
    JOIN "single_classes" c ON c."single_class_id" = d."single_class_id"
    JOIN "customers" u ON u."customer_id" = d."customer_id"
    WHERE d."deleted_at" IS NULL AND d."guest_of_id" IS NULL AND c."cancelled_at" IS NULL
    GROUP BY 1, 2, 3 HAVING sum(d."k") <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ("customer_id", "month", "location_id") DO UPDATE SET "visits" = t."visits" + excluded."visits";
    DELETE FROM "report_visit_months" t
    WHERE t."visits" = 0 AND t."customer_id" IN (SELECT "customer_id" FROM (SELECT *, -1 AS "k" FROM old_rows) d);
  ELSE
    INSERT INTO "report_class_counts" AS t ("single_class_id", "guests", "attended", "late_cancels")
    SELECT d."single_class_id", sum(d."g"), sum(d."a"), sum(d."l")
    FROM (
      SELECT "single_class_id", "k" * ("deleted_at" IS NULL AND "guest_of_id" IS NOT NULL)::int AS "g",
             "k" * ("deleted_at" IS NULL AND "attend")::int AS "a", "k" * "late_cancel"::int AS "l"
      FROM (SELECT *, 1 AS "k" FROM new_rows UNION ALL SELECT *, -1 AS "k" FROM old_rows) x
    ) d
    JOIN "single_classes" c ON c."single_class_id" = d."single_class_id"
    GROUP BY 1 HAVING sum(d."g") <> 0 OR sum(d."a") <> 0 OR sum(d."l") <> 0
    ORDER BY 1
    ON CONFLICT ("single_class_id") DO UPDATE SET
      "guests" = t."guests" + excluded."guests",
      "attended" = t."attended" + excluded."attended",
      "late_cancels" = t."late_cancels" + excluded."late_cancels";
    INSERT INTO "report_visit_months" AS t ("customer_id", "month", "location_id", "visits")
    SELECT d."customer_id", "report_month_number"(c."class_date", tz), coalesce(c."location_id", 0), sum(d."k")
    FROM (SELECT *, 1 AS "k" FROM new_rows UNION ALL SELECT *, -1 AS "k" FROM old_rows) d
    JOIN "single_classes" c ON c."single_class_id" = d."single_class_id"
    JOIN "customers" u ON u."customer_id" = d."customer_id"
    WHERE d."deleted_at" IS NULL AND d."guest_of_id" IS NULL AND c."cancelled_at" IS NULL
    GROUP BY 1, 2, 3 HAVING sum(d."k") <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ("customer_id", "month", "location_id") DO UPDATE SET "visits" = t."visits" + excluded."visits";
    DELETE FROM "report_visit_months" t
    WHERE t."visits" = 0 AND t."customer_id" IN (SELECT "customer_id" FROM (SELECT *, 1 AS "k" FROM new_rows UNION ALL SELECT *, -1 AS "k" FROM old_rows) d);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "class_reservations_report_insert" AFTER INSERT ON "class_reservations"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_rollups_from_reservations"();--> statement-breakpoint
CREATE TRIGGER "class_reservations_report_update" AFTER UPDATE ON "class_reservations"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_rollups_from_reservations"();--> statement-breakpoint
CREATE TRIGGER "class_reservations_report_delete" AFTER DELETE ON "class_reservations"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_rollups_from_reservations"();--> statement-breakpoint
-- A class that moves (another month), is cancelled or restored, changes place or is deleted: its
-- visits leave the old (month, place) and, while it is held, count in the new one.
CREATE FUNCTION "report_rollups_from_class"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text := "report_studio_timezone"();
  old_month integer := "report_month_number"(OLD."class_date", tz);
  new_month integer;
  new_location integer;
  held_after boolean := false;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    new_month := "report_month_number"(NEW."class_date", tz);
    new_location := coalesce(NEW."location_id", 0);
    held_after := NEW."cancelled_at" IS NULL;
  END IF;
  INSERT INTO "report_visit_months" AS t ("customer_id", "month", "location_id", "visits")
  SELECT r."customer_id", x."month", x."location_id", sum(x."k")
  FROM "class_reservations" r
  JOIN "customers" u ON u."customer_id" = r."customer_id"
  CROSS JOIN (
    SELECT old_month AS "month", coalesce(OLD."location_id", 0) AS "location_id", -1 AS "k" WHERE OLD."cancelled_at" IS NULL
    UNION ALL
    SELECT new_month, new_location, 1 WHERE held_after
  ) x
  WHERE r."single_class_id" = OLD."single_class_id" AND r."deleted_at" IS NULL AND r."guest_of_id" IS NULL
  GROUP BY 1, 2, 3 HAVING sum(x."k") <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("customer_id", "month", "location_id") DO UPDATE SET "visits" = t."visits" + excluded."visits";
  DELETE FROM "report_visit_months" t
  WHERE t."visits" = 0
    AND t."customer_id" IN (SELECT "customer_id" FROM "class_reservations" WHERE "single_class_id" = OLD."single_class_id");
  RETURN OLD; -- lets the BEFORE DELETE go on; an AFTER trigger's answer is ignored
END
$$;--> statement-breakpoint
CREATE TRIGGER "single_classes_report_update" AFTER UPDATE OF "class_date", "cancelled_at", "location_id" ON "single_classes"
FOR EACH ROW WHEN (OLD."class_date" IS DISTINCT FROM NEW."class_date" OR OLD."cancelled_at" IS DISTINCT FROM NEW."cancelled_at" OR OLD."location_id" IS DISTINCT FROM NEW."location_id")
EXECUTE FUNCTION "report_rollups_from_class"();--> statement-breakpoint
-- Before the delete: after it, the cascade has taken the reservations with it.
CREATE TRIGGER "single_classes_report_delete" BEFORE DELETE ON "single_classes"
FOR EACH ROW EXECUTE FUNCTION "report_rollups_from_class"();--> statement-breakpoint
-- The months are the studio's: a new timezone recounts them.
CREATE FUNCTION "report_rollups_from_timezone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "report_rollups_rebuild"();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "app_config_report_timezone_insert" AFTER INSERT ON "app_config"
FOR EACH ROW WHEN (NEW."key" = 'timezone') EXECUTE FUNCTION "report_rollups_from_timezone"();--> statement-breakpoint
CREATE TRIGGER "app_config_report_timezone_update" AFTER UPDATE ON "app_config"
FOR EACH ROW WHEN ((NEW."key" = 'timezone' OR OLD."key" = 'timezone') AND (OLD."key", OLD."value") IS DISTINCT FROM (NEW."key", NEW."value"))
EXECUTE FUNCTION "report_rollups_from_timezone"();--> statement-breakpoint
CREATE TRIGGER "app_config_report_timezone_delete" AFTER DELETE ON "app_config"
FOR EACH ROW WHEN (OLD."key" = 'timezone') EXECUTE FUNCTION "report_rollups_from_timezone"();--> statement-breakpoint
SELECT "report_rollups_rebuild"();
