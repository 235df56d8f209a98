-- Mis Reservaciones pages a customer's rows by class date (decision 0043). The date lives in
-- single_classes, so ordering 500 rows needed 500 lookups there before the first row of a page;
-- with the date on the reservation a page is a range of one index. single_classes.class_date stays
-- the owner: the copy is filled on insert and follows every change of the class's date, here in
-- the database, so every writer (booking, desk, waitlist, seeds, imports) keeps it right.
ALTER TABLE "class_reservations" ADD COLUMN "class_date" timestamp with time zone;--> statement-breakpoint
-- The backfill changes no seat: the seat counter's statement trigger would read every row twice
-- to find that out.
ALTER TABLE "class_reservations" DISABLE TRIGGER "class_reservations_seats_update";--> statement-breakpoint
UPDATE "class_reservations" r SET "class_date" = c."class_date"
FROM "single_classes" c WHERE c."single_class_id" = r."single_class_id";--> statement-breakpoint
ALTER TABLE "class_reservations" ENABLE TRIGGER "class_reservations_seats_update";--> statement-breakpoint
CREATE FUNCTION "class_reservations_copy_class_date"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."class_date" := (SELECT "class_date" FROM "single_classes" WHERE "single_class_id" = NEW."single_class_id");
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Also on an update that names the column, so no statement can set a date of its own.
CREATE TRIGGER "class_reservations_class_date" BEFORE INSERT OR UPDATE OF "single_class_id", "class_date"
ON "class_reservations" FOR EACH ROW EXECUTE FUNCTION "class_reservations_copy_class_date"();--> statement-breakpoint
-- A class moved moves its reservations. Everything that writes both locks the class first and
-- its reservations after (booking, cancellation, check-in, class changes): this follows that order.
CREATE FUNCTION "single_classes_move_reservations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "class_reservations" SET "class_date" = NEW."class_date" WHERE "single_class_id" = NEW."single_class_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "single_classes_class_date" AFTER UPDATE OF "class_date" ON "single_classes"
FOR EACH ROW WHEN (OLD."class_date" IS DISTINCT FROM NEW."class_date")
EXECUTE FUNCTION "single_classes_move_reservations"();--> statement-breakpoint
DROP INDEX "class_reservations_customer_page_idx";--> statement-breakpoint
CREATE INDEX "class_reservations_customer_date_idx" ON "class_reservations" USING btree ("customer_id","class_date","class_reservation_id","deleted_at") WHERE "class_reservations"."guest_of_id" is null;
