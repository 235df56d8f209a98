/**
 * Mexican mobile numbers for WhatsApp and SMS (docs/product-rules.md#messaging-numbers): +52 and
 * ten digits (the national numbering plan since 2019: no "044"/"045", no "1" after +52). Older
 * WhatsApp numbers still arrive as +521 plus ten digits; they are the same line. Anything else is
 * refused with a clear Spanish answer and nothing is sent.
 */

/** E.164 for a Mexican number, "+52" and 10 digits; null when the input is not one. */
export function mexicanMobile(input: string | null | undefined): string | null {
  if (!input) return null;
  const raw = input.replace(/^whatsapp:/i, "").trim();
  if (/[^\d\s()+.-]/.test(raw)) return null;
  const digits = raw.replace(/\D/g, "");
  const hadPlus = raw.startsWith("+");
  let national: string | null = null;
  if (digits.length === 10 && !hadPlus) national = digits;
  else if (digits.length === 12 && digits.startsWith("52")) national = digits.slice(2);
  else if (digits.length === 13 && digits.startsWith("521")) national = digits.slice(3);
  // A Mexican area code never starts with 0 or 1.
  if (!national || /^[01]/.test(national)) return null;
  return `+52${national}`;
}

/** The ten digits a customer's profile keeps (customers.phone) for a +52 number. */
export function nationalDigits(e164: string): string {
  return e164.replace(/^\+52/, "");
}

/** The provider's address of a number on a channel (Twilio: "whatsapp:+52..." for WhatsApp). */
export function channelAddress(channel: "whatsapp" | "sms", e164: string): string {
  return channel === "whatsapp" ? `whatsapp:${e164}` : e164;
}
