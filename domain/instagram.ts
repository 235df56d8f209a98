/** Instagram handles: pure and free of Zod, so public pages can show them without the schemas. */

/**
 * A coach's Instagram as it is stored: the bare handle ("vale.pedalea"), whether typed as
 * "@vale.pedalea", " vale.pedalea " or a profile address ("https://instagram.com/vale.pedalea/");
 * null when empty. Written this way and read through it again, so rows saved before the rule
 * read the same (product-rules.md#profile). Anything that is not a handle nor an Instagram
 * address is kept as typed.
 */
export function instagramHandle(value: string | null | undefined): string | null {
  let text = (value ?? "").trim();
  const address = /^(?:https?:\/\/)?(?:www\.)?instagram\.com\/([^/?#]+)\/?(?:[?#].*)?$/i.exec(text);
  if (address?.[1]) text = address[1];
  text = text.replace(/^@+/, "").trim();
  return text || null;
}

/** How a coach's Instagram is shown: "@vale.pedalea" (empty when there is none). */
export function instagramLabel(value: string | null | undefined): string {
  const handle = instagramHandle(value);
  return handle ? `@${handle}` : "";
}
