const all = ["auth"] as const;

/**
 * Query keys of sign-in and sign-up, from one factory (docs/decisions/0133); values unchanged.
 * They survive a sign-in's reset of the cache, which keeps `["auth", …]` and the studio config.
 */
export const authKeys = {
  all,
  policy: [...all, "policy"] as const,
  signupFields: [...all, "signup-fields"] as const,
  signupPages: [...all, "signup-pages"] as const,
};
