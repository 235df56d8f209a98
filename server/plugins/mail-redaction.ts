/**
 * Emails that carry a working secret (a password-reset, email-confirmation or invitation link)
 * must not hand it to whoever reads the outbox: an administrator could otherwise open a
 * customer's reset link and sign in as them (decision 0018). The email itself is sent whole; what
 * is stored, and what the admin API returns, has the secret replaced by this text.
 */
export const REDACTED = "[enlace privado: solo lo recibe el destinatario]";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Replaces every declared secret (a whole link, or a token) and its HTML-escaped form. */
export function redactSecrets(text: string | null | undefined, secrets: readonly string[]): string | null {
  if (text == null) return null;
  let out = text;
  // Longest first, so a link is replaced whole before the token inside it.
  for (const secret of [...secrets].filter(Boolean).sort((a, b) => b.length - a.length)) {
    const forms = new Set([secret, secret.replace(/&/g, "&amp;"), encodeURIComponent(secret)]);
    for (const form of forms) out = out.replace(new RegExp(escapeRegExp(form), "g"), REDACTED);
  }
  return redactTokenParameters(out);
}

/**
 * A safety net for rows written before secrets were declared, or by a caller that forgot: any
 * `token=` (or `secret=`) query value is hidden.
 */
export function redactTokenParameters(text: string): string {
  return text.replace(/([?&](?:amp;)?(?:token|secret)=)[^&\s"'<>]+/gi, `$1${REDACTED}`);
}
