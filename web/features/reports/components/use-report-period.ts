import { useRef, useState } from "react";
import { addLocalDays, localDay } from "../../../../domain/booking";
import type { ReportFilters } from "../api";

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The reports' period (the last 30 studio days at first) and location. While a date is being
 * typed (or the period is reversed) the last valid period stays shown.
 */
export function useReportPeriod(zone: string) {
  const today = localDay(new Date(), zone);
  const [from, setFrom] = useState(() => addLocalDays(today, -29));
  const [to, setTo] = useState(today);
  const [location, setLocation] = useState<string | null>(null);
  const valid = isDay(from) && isDay(to) && from <= to;
  const lastValid = useRef({ from, to });
  if (valid) lastValid.current = { from, to };
  const filters: ReportFilters = {
    ...lastValid.current,
    location_id: location ? Number(location) : undefined,
  };
  return { from, setFrom, to, setTo, location, setLocation, valid, filters };
}
