import { type AppConfig, studioName } from "../../../domain/app-config";

export type EmailContent = {
  /** Heading and subject line. */
  title: string;
  /** Paragraphs of plain text (escaped in HTML). */
  lines: string[];
  /** One call to action, e.g. "Ver mis reservaciones". */
  action?: { label: string; url: string };
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A colour from app config only if it is a plain hex colour (it lands inside a style attribute). */
const safeColour = (value: string, fallback: string) => (/^#[0-9a-f]{3,8}$/i.test(value) ? value : fallback);

function absoluteUrl(src: string, publicUrl: string): string | null {
  if (!src) return null;
  if (/^https?:\/\//i.test(src)) return src;
  return `${publicUrl.replace(/\/$/, "")}/${src.replace(/^\//, "")}`;
}

/**
 * The studio's email frame: logo, primary colour, one column that reads well on a phone, and the
 * same words as plain text for clients that do not show HTML. Table layout and inline styles
 * because that is what email clients render.
 */
export function renderEmail(
  config: AppConfig,
  publicUrl: string,
  content: EmailContent,
): { subject: string; html: string; text: string } {
  const primary = safeColour(config.primary, "#d6336c");
  const dark = safeColour(config.dark, "#1a1b1e");
  const studio = studioName(config);
  const logo = absoluteUrl(config.navbar_logo, publicUrl);
  const header = logo
    ? `<img src="${escapeHtml(logo)}" alt="${escapeHtml(studio)}" height="40" style="height:40px;border:0">`
    : `<strong style="font-size:20px;color:#ffffff">${escapeHtml(studio)}</strong>`;
  const paragraphs = content.lines
    .map((line) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(line)}</p>`)
    .join("");
  const button = content.action
    ? `<p style="margin:24px 0 8px"><a href="${escapeHtml(content.action.url)}" style="background:${primary};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block;font-weight:bold">${escapeHtml(content.action.label)}</a></p>`
    : "";
  const html = `<!doctype html><html lang="es"><body style="margin:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:${dark}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${primary};padding:16px 24px">${header}</td></tr>
<tr><td style="padding:24px"><h1 style="font-size:20px;margin:0 0 16px;color:${dark}">${escapeHtml(content.title)}</h1>${paragraphs}${button}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#868e96;border-top:1px solid #eee">${escapeHtml(studio)}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    content.title,
    "",
    ...content.lines,
    ...(content.action ? ["", `${content.action.label}: ${content.action.url}`] : []),
    "",
    `— ${studio}`,
  ].join("\n");
  return { subject: `${content.title} · ${studio}`, html, text };
}
