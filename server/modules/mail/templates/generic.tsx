import type { Brand } from "./brand";
import { Layout, P } from "./layout";

/** An email given as a title, paragraphs and one button (the `renderEmail` API). */
export type EmailContent = {
  /** Heading and subject line. */
  title: string;
  /** Paragraphs of plain text. */
  lines: string[];
  /** One call to action, e.g. "Ver mis reservaciones". */
  action?: { label: string; url: string };
  /** Only for emails a customer may turn off (reminders). */
  unsubscribeUrl?: string;
};

export function GenericEmail({ brand, content }: { brand: Brand; content: EmailContent }) {
  return (
    <Layout
      brand={brand}
      title={content.title}
      preview={content.lines[0]}
      action={content.action}
      unsubscribeUrl={content.unsubscribeUrl}
    >
      {content.lines.map((line, i) => (
        // Lines are plain text in a fixed order; the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: static list
        <P key={i}>{line}</P>
      ))}
    </Layout>
  );
}
