import { type AppConfig, legalName, studioName } from "../../../../domain/app-config";

/**
 * What every email needs to know about the studio: its name, logo and colours (app config), the
 * address and contact lines of the footer, the site's address and the zone dates are written in.
 */
export type Brand = {
  name: string;
  legalName: string;
  logoUrl: string | null;
  primary: string;
  dark: string;
  address: string;
  email: string;
  whatsapp: string;
  siteUrl: string;
  timeZone: string;
};

/** A colour from app config only if it is a plain hex colour (it lands inside a style attribute). */
export const safeColour = (value: string, fallback: string) =>
  /^#[0-9a-f]{3,8}$/i.test(value) ? value : fallback;

function absoluteUrl(src: string, publicUrl: string): string | null {
  if (!src) return null;
  if (/^https?:\/\//i.test(src)) return src;
  return `${publicUrl.replace(/\/$/, "")}/${src.replace(/^\//, "")}`;
}

export function brandOf(config: AppConfig, publicUrl: string): Brand {
  return {
    name: studioName(config),
    legalName: legalName(config),
    logoUrl: absoluteUrl(config.navbar_logo, publicUrl),
    primary: safeColour(config.primary, "#d6336c"),
    dark: safeColour(config.dark, "#1a1b1e"),
    address: (config.address || config.location).trim(),
    email: config.email.trim(),
    whatsapp: config.whatsapp.trim(),
    siteUrl: publicUrl.replace(/\/$/, ""),
    timeZone: config.timezone,
  };
}

/** An absolute link into the site. */
export const siteLink = (brand: Brand, path: string) => `${brand.siteUrl}${path}`;
