const all = ["admin-forms"] as const;

/** Query keys of the forms and the studio's files, from one factory (docs/decisions/0133); values unchanged. */
export const adminFormKeys = {
  all,
  forms: [...all, "forms"] as const,
  files: [...all, "files"] as const,
};
