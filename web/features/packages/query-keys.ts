const all = ["class_packages"] as const;

/**
 * Query keys of the packages, from one factory (docs/decisions/0133); values unchanged: other
 * features refresh every package by the `["class_packages"]` prefix.
 */
export const packageKeys = {
  all,
  one: (id: number) => [...all, id] as const,
};
