import type { AppConfig } from "./app-config";
import { t } from "./messages";

/**
 * Password policy (docs/product-rules.md#accounts; once fetched from an external auth provider).
 * Here it is app config served by GET /api/auth-policy and enforced by the API on sign-up and
 * reset, and by the forms before they send anything.
 */
export type PasswordPolicy = {
  min_length: number;
  /** null: no policy maximum (better-auth's hard limit of 128 still applies). */
  max_length: number | null;
  require_lowercase: boolean;
  require_uppercase: boolean;
  require_numeric: boolean;
  require_symbol: boolean;
};

/** better-auth refuses anything longer; a policy maximum above it would be a lie. */
export const PASSWORD_HARD_MAX = 128;

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  min_length: 8,
  max_length: null,
  require_lowercase: false,
  require_uppercase: false,
  require_numeric: false,
  require_symbol: false,
};

type PolicyKeys =
  | "password_min_length"
  | "password_max_length"
  | "password_require_lowercase"
  | "password_require_uppercase"
  | "password_require_numeric"
  | "password_require_symbol";

export function passwordPolicyFromConfig(config: Pick<AppConfig, PolicyKeys>): PasswordPolicy {
  const min = Math.max(1, Math.floor(config.password_min_length ?? DEFAULT_PASSWORD_POLICY.min_length));
  const max = config.password_max_length ? Math.floor(config.password_max_length) : null;
  return {
    min_length: Math.min(min, PASSWORD_HARD_MAX),
    max_length: max === null ? null : Math.min(Math.max(max, min), PASSWORD_HARD_MAX),
    require_lowercase: config.password_require_lowercase,
    require_uppercase: config.password_require_uppercase,
    require_numeric: config.password_require_numeric,
    require_symbol: config.password_require_symbol,
  };
}

/** The first rule the password breaks, as a Spanish sentence; null when it is acceptable. */
export function passwordProblem(password: string, policy: PasswordPolicy): string | null {
  if (password.length < policy.min_length) return t("passwordTooShort", { min: policy.min_length });
  const max = policy.max_length ?? PASSWORD_HARD_MAX;
  if (password.length > max) return t("passwordTooLong", { max });
  if (policy.require_lowercase && !/\p{Ll}/u.test(password)) return t("passwordNeedsLowercase");
  if (policy.require_uppercase && !/\p{Lu}/u.test(password)) return t("passwordNeedsUppercase");
  if (policy.require_numeric && !/\d/.test(password)) return t("passwordNeedsNumber");
  if (policy.require_symbol && !/[^\p{L}\p{N}]/u.test(password)) return t("passwordNeedsSymbol");
  return null;
}

/** Only in-app paths are honoured as ?redirect= targets (no open redirects). */
export function safeRedirect(target: string | null | undefined, fallback = "/mystudio"): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}
