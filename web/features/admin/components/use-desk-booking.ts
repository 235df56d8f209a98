import { useState } from "react";
import { addLocalDays, localDay } from "../../../../domain/booking";
import { formatShortDayTime, spotsLabel } from "../../../../domain/format";
import { spotGridFor } from "../../../../domain/spot-map";
import { type BookableFilter, filterBookable } from "../../../../domain/today";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { useAppConfig } from "../../../lib/app-config";
import { useBookForCustomer, useUpcomingClasses } from "../api";

/**
 * The desk books a class for a customer (decision 0015): the upcoming classes of the next two weeks
 * not tied to a package, filtered by day and type, the spot (on the class's map when it has one)
 * and "Saltar reglas". `onDone` runs after the booking went through.
 */
export function useDeskBooking(customerId: number, opened: boolean, onDone: () => void) {
  const config = useAppConfig();
  const zone = config.timezone;
  const today = localDay(new Date(), zone);
  const classes = useUpcomingClasses(today, addLocalDays(today, 14), opened);
  const book = useBookForCustomer(customerId);
  const [classId, setClassId] = useState<string | null>(null);
  const [spot, setSpot] = useState("");
  const [overrideRules, setOverrideRules] = useState(false);
  const [filter, setFilter] = useState<BookableFilter>({ day: null, classTypeId: null, showFull: false });
  const now = Date.now();
  const upcoming = (classes.data?.days ?? []).flatMap((d) =>
    d.single_classes.filter((k) => k.class_package_id === null && new Date(k.class_date).getTime() > now),
  );
  const classTypes = [...new Map(upcoming.map((k) => [k.class_type_id, k.class_type.name])).entries()]
    .map(([class_type_id, name]) => ({ class_type_id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, "es"));
  const shown = filterBookable(upcoming, filter, (at) => localDay(at, zone));
  const options = shown.map((k) => ({
    value: String(k.single_class_id),
    label: `${formatShortDayTime(k.class_date, zone)} · ${k.class_type.name}${
      k.location ? ` · ${k.location.name}` : ""
    } · ${spotsLabel(k.available)}`,
    disabled: k.available <= 0,
  }));
  const chosen = upcoming.find((k) => String(k.single_class_id) === classId) ?? null;
  const grid = chosen && config.spotmap_enabled ? spotGridFor(chosen.class_type) : null;
  // A spot someone else took since the list loaded is dropped (the server would refuse it too).
  const mySpot = spot && chosen?.taken_spots.includes(spot) ? "" : spot;

  const pickClass = (value: string | null) => {
    setClassId(value);
    setSpot("");
  };
  const changeFilter = (next: BookableFilter) => {
    setFilter(next);
    pickClass(null);
  };
  const submit = () => {
    if (!classId) return;
    book.mutate(
      { single_class_id: Number(classId), spot: mySpot.trim() || null, override_rules: overrideRules },
      {
        onSuccess: (res) => {
          notifySuccess(res.message);
          setClassId(null);
          setSpot("");
          setOverrideRules(false);
          onDone();
        },
        onError: notifyError,
      },
    );
  };

  return {
    zone,
    filter,
    changeFilter,
    classTypes,
    options,
    classId,
    pickClass,
    chosen,
    grid,
    spot,
    mySpot,
    setSpot,
    overrideRules,
    setOverrideRules,
    submit,
    submitting: book.isPending,
  };
}
