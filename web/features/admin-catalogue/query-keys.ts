const all = ["admin-catalogue"] as const;

/** Query keys of the admin catalogues, from one factory (docs/decisions/0133); values unchanged. */
export const catalogueKeys = {
  /** Every catalogue list: a save in any of them refreshes them all. */
  all,
  list: (url: string) => [...all, url] as const,
};
