-- The seat counter's trigger function (0007) updated single_classes with a join on the statement's
-- rows, which the planner, not knowing how few they are, ran as a scan of every class (~5 ms on
-- 36,000 classes, inside every booking and cancellation). One update per class by its key
-- instead, in class order (so two statements touching several classes lock them in one order).
CREATE OR REPLACE FUNCTION "class_reservations_count_seats"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR d IN SELECT "single_class_id" AS id, count(*)::integer AS n FROM new_rows
             WHERE "deleted_at" IS NULL GROUP BY 1 ORDER BY 1 LOOP
      UPDATE "single_classes" SET "seats_taken" = "seats_taken" + d.n WHERE "single_class_id" = d.id;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR d IN SELECT "single_class_id" AS id, count(*)::integer AS n FROM old_rows
             WHERE "deleted_at" IS NULL GROUP BY 1 ORDER BY 1 LOOP
      UPDATE "single_classes" SET "seats_taken" = "seats_taken" - d.n WHERE "single_class_id" = d.id;
    END LOOP;
  ELSE
    -- An update that changes no row's class or cancellation (check-in, stars, spots) touches no class.
    FOR d IN SELECT x.id, sum(x.k)::integer AS n FROM (
               SELECT "single_class_id" AS id, 1 AS k FROM new_rows WHERE "deleted_at" IS NULL
               UNION ALL
               SELECT "single_class_id", -1 FROM old_rows WHERE "deleted_at" IS NULL
             ) x GROUP BY 1 HAVING sum(x.k) <> 0 ORDER BY 1 LOOP
      UPDATE "single_classes" SET "seats_taken" = "seats_taken" + d.n WHERE "single_class_id" = d.id;
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
