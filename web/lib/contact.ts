/** Contact links built from the studio config (pure, so the footer and pages agree). */

/** https://wa.me/52XXXXXXXXXX from a Mexican number in any format; "" when not set. */
export function whatsappUrl(phone: string | null | undefined): string {
  let digits = String(phone ?? "").replace(/\D/g, "");
  if (!digits) return "";
  if (digits.length > 10 && digits.startsWith("52")) digits = digits.slice(2);
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1); // old 521 prefix
  return `https://wa.me/52${digits}`;
}

type Social = "facebook" | "instagram" | "tiktok";
const SOCIAL_BASE: Record<Social, string> = {
  facebook: "https://www.facebook.com/",
  instagram: "https://www.instagram.com/",
  tiktok: "https://www.tiktok.com/@",
};

/** A full URL as is, or a handle ("@estudio", "estudio") turned into the network's profile URL. */
export function socialUrl(kind: Social, value: string | null | undefined): string {
  const text = (value ?? "").trim();
  if (!text) return "";
  if (/^https?:\/\//i.test(text)) return text;
  if (/^(www\.)?(facebook|instagram|tiktok)\.com\//i.test(text)) return `https://${text}`;
  return SOCIAL_BASE[kind] + encodeURIComponent(text.replace(/^@/, ""));
}

/** Whether a configured link stays inside the app (path or same origin); returns the path if so. */
export function internalPath(link: string, origin: string): string | null {
  const text = link.trim();
  if (!text) return null;
  if (text.startsWith("/") && !text.startsWith("//")) return text;
  try {
    const url = new URL(text, origin);
    if (url.origin === origin) return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
  return null;
}
