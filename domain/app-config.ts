/**
 * App config: every studio-specific setting (branding, texts, feature flags, policies), stored as
 * key/value rows in the database and served as a list by GET /api/appconfig.
 *
 * Each key has a type and a default here, so a fresh studio works with no rows at all and the admin
 * editor can validate what it saves. docs/config.md describes the effect of each key. Keys keep
 * their published names verbatim (including their spelling, e.g. allow_cancel_after_treshold).
 */

const str = (value: string) => ({ type: "string" as const, default: value });
const bool = (value: boolean) => ({ type: "boolean" as const, default: value });
const num = (value: number | null) => ({ type: "number" as const, default: value });
const json = <T>(value: T) => ({ type: "json" as const, default: value });

export const LANDING_SECTIONS = [
  "hero",
  "about",
  "mission",
  "class_types",
  "coaches",
  "packages",
  "announcements",
  "schedule",
] as const;
export type LandingSection = (typeof LANDING_SECTIONS)[number];

export const APP_CONFIG_KEYS = {
  // Identity and branding
  name: str("Mi Estudio"),
  business_name: str("Mi Estudio"),
  domain: str(""),
  navbar_logo: str(""),
  bg_login: str(""),
  favicon: str(""),
  primary: str("#d6336c"),
  accent: str("#fab005"),
  dark: str("#1a1b1e"),
  gray: str("#868e96"),
  light: str("#f8f9fa"),
  "primary-light": str("#fff0f6"),
  // Contact
  location: str(""),
  address: str(""),
  map_url: str(""),
  opening_hours: str(""),
  email: str(""),
  whatsapp: str(""),
  whatsapp_button_enabled: bool(false),
  facebook: str(""),
  instagram: str(""),
  tiktok: str(""),
  // Time
  timezone: str("America/Mexico_City"),
  timezone_offset: num(6),
  // Banner and popup
  banner_enabled: bool(false),
  banner_text: str(""),
  banner_link: str(""),
  popup_presencial_enabled: bool(false),
  popup_presencial_src: str(""),
  popup_presencial_link: str(""),
  // Feature flags
  single_class_enabled: bool(true),
  videos_enabled: bool(true),
  subscriptions_enabled: bool(true),
  allow_restricted_class_types: bool(false),
  allow_restricted_times: bool(false),
  waitlist_enabled: bool(true),
  spotmap_enabled: bool(true),
  qrcode_enabled: bool(true),
  reservation_rating_enabled: bool(true),
  allow_class_guests: bool(true),
  discounts_enabled: bool(true),
  cash_checkout_enabled: bool(false),
  // Mercado Pago (decision 0035): offered when the studio turns it on and its keys are set
  mercadopago_enabled: bool(false),
  mercadopago_subscriptions_enabled: bool(false),
  // Packages
  class_packages_name: str("Paquetes"),
  class_packages_path: str("paquetes"),
  signup_fee_package_id: num(null),
  trial_package_id: num(null),
  // Booking and cancellation policy
  reservation_timeframe_hours: num(null),
  reservation_timeframe_minutes: num(null),
  allow_cancel_reservations: bool(true),
  cancel_timeframe_value: num(12),
  cancel_timeframe_unit: str("hours"),
  allow_cancel_after_treshold: bool(false),
  max_cancels_per_available_class: num(null),
  // Penalties
  unlimited_membership_penalties_enabled: bool(false),
  unlimited_max_no_shows_for_penalty: num(3),
  penalty_days: num(7),
  // Waitlist promotion
  waitlist_mode: str("auto"),
  waitlist_offer_minutes: num(30),
  waitlist_cutoff_minutes: num(120),
  // Emails
  reminder_hours_before: num(12),
  // Quiet hours for WhatsApp, SMS and push (docs/product-rules.md#messaging-quiet-hours): whole
  // hours in the studio's zone; equal hours keep none.
  quiet_hours_start: num(21),
  quiet_hours_end: num(8),
  // Subscriptions
  renewal_max_retries: num(3),
  // Dunning (decision 0128): retries of a failed renewal, days after the first failure, and the
  // days the customer keeps booking meanwhile.
  renewal_retry_days: str("1, 3, 5"),
  renewal_grace_days: num(3),
  // Frozen memberships (decision 0027): the customer may pause their own, for a fee or free
  membership_freeze_by_customer: bool(false),
  membership_freeze_fee: num(0),
  membership_freeze_max_days: num(90),
  // Payments (public values only; secrets come from the environment)
  payment_public_key: str(""),
  checkout_hosted_payment: bool(false),
  cash_bank_name: str(""),
  cash_bank_card: str(""),
  cash_bank_account: str(""),
  // OXXO and SPEI (decision 0034): offered only when the studio turns them on (its Stripe account
  // too)
  oxxo_enabled: bool(false),
  spei_enabled: bool(false),
  oxxo_expires_after_days: num(3),
  cash_bank_beneficiary: str(""),
  // Facturas CFDI 4.0 (decision 0036): the PAC's key comes from the environment
  invoice_request_days_after_month: num(0),
  invoice_product_key: str("91111900"),
  invoice_unit_key: str("E48"),
  invoice_issuer_zip: str(""),
  // How often the factura global is issued (decision 0059): day, week, fortnight or month.
  invoice_global_periodicity: str("month"),
  // Files
  files_location: str("server"),
  S3_ENDPOINT: str(""),
  bucket: str(""),
  region: str(""),
  // Landing
  landing_sections: json<LandingSection[]>([...LANDING_SECTIONS]),
  hero_title: str("Entrena con intención"),
  hero_subtitle: str("Clases en grupos pequeños con los mejores coaches."),
  hero_image: str(""),
  hero_button_text: str("Reserva tu clase de prueba"),
  about_title: str("Nosotros"),
  about_text: str(""),
  about_image: str(""),
  mission_title: str("Nuestra misión"),
  mission_text: str(""),
  mission_image: str(""),
  tracking_code: str(""),
  // Auth (password policy, docs/product-rules.md#accounts; once read from an external auth
  // provider)
  password_min_length: num(8),
  password_max_length: num(null),
  password_require_lowercase: bool(false),
  password_require_uppercase: bool(false),
  password_require_numeric: bool(false),
  password_require_symbol: bool(false),
  // Legacy key of the external auth provider older clients used: kept so they find it, unused.
  firebaseConfig: json<Record<string, string>>({}),
  // Coach pay (decision 0079): whether a coach sees their own pay in Mis clases.
  coach_pay_visible: bool(false),
  // The kiosk's check-in window (docs/product-rules.md#check-in-window; decision 0098).
  checkin_opens_minutes_before: num(60),
  checkin_closes_minutes_after: num(20),
  // Carta responsiva (decision 0099): off, flag (the roster marks who has not signed) or block
  // (booking on one's own and check-in wait for the signature of the current version).
  waiver_enforcement: str("flag"),
  // Substitute requests (decision 0101): whether a coach taking another's class waits for the owner.
  substitute_approval_required: bool(true),
  // Gift cards, account credit and referrals (decisions 0090-0092).
  gift_cards_enabled: bool(true),
  gift_card_validity_months: num(12),
  referral_reward_kind: str("none"),
  referral_reward_amount: num(100),
  referral_reward_package_id: num(null),
} as const;

export type AppConfigKey = keyof typeof APP_CONFIG_KEYS;
type Spec = (typeof APP_CONFIG_KEYS)[AppConfigKey];
type ValueOf<S extends Spec> = S["type"] extends "string"
  ? string
  : S["type"] extends "boolean"
    ? boolean
    : S["type"] extends "number"
      ? number | null
      : S["default"];
export type AppConfig = { [K in AppConfigKey]: ValueOf<(typeof APP_CONFIG_KEYS)[K]> };
export type AppConfigEntry = { key: string; value: unknown };

export function isAppConfigKey(key: string): key is AppConfigKey {
  return Object.hasOwn(APP_CONFIG_KEYS, key);
}

export const COLOR_KEYS: ReadonlySet<string> = new Set([
  "primary",
  "accent",
  "dark",
  "gray",
  "light",
  "primary-light",
]);

/**
 * Plain type check (no Zod: this module ships to every visitor's browser and must stay tiny).
 * The full rules for saving a value live in domain/app-config-schema.ts.
 */
function hasDeclaredType(key: AppConfigKey, value: unknown): boolean {
  const spec = APP_CONFIG_KEYS[key];
  switch (spec.type) {
    case "string":
      return typeof value === "string";
    case "boolean":
      return typeof value === "boolean";
    case "number":
      return value === null || (typeof value === "number" && Number.isFinite(value));
    case "json":
      return Array.isArray(spec.default) ? Array.isArray(value) : typeof value === "object" && value !== null;
  }
}

/**
 * Merges stored rows over the defaults. Unknown keys are ignored, and a stored value of the wrong
 * type (a hand-edited row, an old version) is coerced when that is unambiguous (a number where
 * text is expected) or else falls back to the default: the UI can trust every value's type.
 */
export function resolveAppConfig(rows: AppConfigEntry[]): AppConfig {
  const config: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(APP_CONFIG_KEYS)) config[key] = spec.default;
  for (const row of rows) {
    if (!isAppConfigKey(row.key)) continue;
    const spec = APP_CONFIG_KEYS[row.key];
    const value = spec.type === "string" && typeof row.value === "number" ? String(row.value) : row.value;
    if (hasDeclaredType(row.key, value)) config[row.key] = value;
  }
  return config as AppConfig;
}

/** The list shape the API serves: every key, defaults filled in. */
export function toAppConfigList(config: AppConfig): AppConfigEntry[] {
  return Object.entries(config).map(([key, value]) => ({ key, value }));
}

/**
 * The studio's name as customers know it (decision 0021): "Nombre del estudio" (`name`) is the
 * brand shown across the site, in titles, emails and calendars; `business_name` is the razón
 * social. An empty name falls back to the other, so a studio that only filled one still shows it.
 */
export function studioName(config: Pick<AppConfig, "name" | "business_name">): string {
  return config.name.trim() || config.business_name.trim();
}

/** The razón social (`business_name`), for the legal line of the footer; the brand when empty. */
export function legalName(config: Pick<AppConfig, "name" | "business_name">): string {
  return config.business_name.trim() || config.name.trim();
}

/**
 * The footer's legal line, "© 2026 Estudio Pulso S.A. de C.V. Todos los derechos reservados.":
 * a razón social that already ends in a period ("S.A. de C.V.") gets no second one.
 */
export function legalLine(config: Pick<AppConfig, "name" | "business_name">, year: number, rights: string) {
  const name = legalName(config);
  return `© ${year} ${name}${name.endsWith(".") ? "" : "."} ${rights}`;
}

/**
 * Keys the server computes instead of storing (decision 0021): `timezone_offset` from the IANA
 * `timezone` (hours west of UTC right now, so it follows daylight saving), `domain` from the
 * PUBLIC_URL the server runs under. Served for old clients, shown read-only, refused on save.
 */
export const DERIVED_APP_CONFIG_KEYS: readonly AppConfigKey[] = ["timezone_offset", "domain"];

/** Keys that must never be served to browsers even if someone stores them. */
export const PRIVATE_APP_CONFIG_KEYS: readonly string[] = [];
