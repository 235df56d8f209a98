import { TypographyStylesProvider } from "@mantine/core";
import classes from "./sections.module.css";

/**
 * Admin HTML (pages, announcements). The server keeps only safe tags and attributes on save and
 * sanitises again when it serves it (server/modules/content/sanitize.ts), so it is rendered as is.
 */
export function RichText({ html, size }: { html: string; size?: "sm" }) {
  return (
    <TypographyStylesProvider fz={size} className={classes.prose}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (see above) */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </TypographyStylesProvider>
  );
}
