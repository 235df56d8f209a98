import { TypographyStylesProvider } from "@mantine/core";

/** Renders HTML that sanitizePreview already cleaned (the same allow-lists as the server). */
export function RichTextPreview({ html }: { html: string }) {
  return (
    <TypographyStylesProvider fz="sm">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned by sanitizePreview before it gets here */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </TypographyStylesProvider>
  );
}
