ALTER TABLE "single_classes" ADD COLUMN "seats_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "single_classes" s SET "seats_taken" = c.n
FROM (SELECT "single_class_id", count(*)::integer AS n FROM "class_reservations" WHERE "deleted_at" IS NULL GROUP BY 1) c
WHERE c."single_class_id" = s."single_class_id";
--> statement-breakpoint
CREATE FUNCTION "class_reservations_count_seats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One update per class touched by the statement, with the change in its active rows; an update
  -- that changes no row's class or cancellation (check-in, stars, spots) touches no class.
  IF TG_OP = 'INSERT' THEN
    UPDATE "single_classes" s SET "seats_taken" = s."seats_taken" + d.n
    FROM (SELECT "single_class_id", count(*)::integer AS n FROM new_rows WHERE "deleted_at" IS NULL GROUP BY 1) d
    WHERE s."single_class_id" = d."single_class_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "single_classes" s SET "seats_taken" = s."seats_taken" - d.n
    FROM (SELECT "single_class_id", count(*)::integer AS n FROM old_rows WHERE "deleted_at" IS NULL GROUP BY 1) d
    WHERE s."single_class_id" = d."single_class_id";
  ELSE
    UPDATE "single_classes" s SET "seats_taken" = s."seats_taken" + d.n
    FROM (
      SELECT "single_class_id", sum(k)::integer AS n FROM (
        SELECT "single_class_id", 1 AS k FROM new_rows WHERE "deleted_at" IS NULL
        UNION ALL
        SELECT "single_class_id", -1 AS k FROM old_rows WHERE "deleted_at" IS NULL
      ) x GROUP BY 1 HAVING sum(k) <> 0
    ) d
    WHERE s."single_class_id" = d."single_class_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "class_reservations_seats_insert" AFTER INSERT ON "class_reservations"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "class_reservations_count_seats"();
--> statement-breakpoint
CREATE TRIGGER "class_reservations_seats_update" AFTER UPDATE ON "class_reservations"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "class_reservations_count_seats"();
--> statement-breakpoint
CREATE TRIGGER "class_reservations_seats_delete" AFTER DELETE ON "class_reservations"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "class_reservations_count_seats"();
