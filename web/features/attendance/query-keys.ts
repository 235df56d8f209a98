const all = ["attendance"] as const;

/**
 * Query keys of attendance (check-in, a class's list, walk-ins), from one factory
 * (docs/decisions/0133); values unchanged. A check-in or a walk-in invalidates `all`.
 */
export const attendanceKeys = {
  all,
  reservation: (id: number) => [...all, "reservation", id] as const,
  class: (id: number) => [...all, "class", id] as const,
  customers: (query: string) => [...all, "customers", query] as const,
  packages: [...all, "packages"] as const,
};
