const all = ["aggregators"] as const;

/** Query keys of Wellhub and TotalPass, from one factory (docs/decisions/0133); values unchanged. */
export const aggregatorKeys = {
  all,
  settings: () => [...all, "settings"] as const,
  visits: () => [...all, "visits"] as const,
  classSeats: (classId: number) => [...all, "class", classId] as const,
  /** A class's seats as read after the roster's read at `rosterAt` (each new read asks again). */
  classSeatsAt: (classId: number, rosterAt: number) =>
    [...aggregatorKeys.classSeats(classId), rosterAt] as const,
  reconciliation: (month: string) => [...all, "reconciliation", month] as const,
};
