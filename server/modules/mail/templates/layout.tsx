import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type { ReactNode } from "react";
import type { Brand } from "./brand";

/**
 * The one frame of every email the studio sends (docs/decisions/0028-emails-with-react-email.md):
 * the studio's logo on its primary colour, a heading, the message, at most one button, the
 * signature, and a footer with the studio's legal name, address and contact, plus an unsubscribe
 * link on the emails a customer may turn off (reminders; never on transactional ones). One column
 * of at most 560 px that reads on a phone; React Email writes the tables and inline styles email
 * clients need.
 */
export type LayoutProps = {
  brand: Brand;
  /** Heading of the email (usually close to the subject). */
  title: string;
  /** The line inbox lists show after the subject; hidden in the email, left out of the text. */
  preview?: string;
  /** One call to action. */
  action?: { label: string; url: string };
  /** Only for emails a customer may turn off. */
  unsubscribeUrl?: string;
  children: ReactNode;
};

const text = { fontSize: "15px", lineHeight: "1.5", margin: "0 0 12px" } as const;
const small = { fontSize: "12px", lineHeight: "1.5", margin: "0 0 4px", color: "#6b7280" } as const;

export function Layout({ brand, title, preview, action, unsubscribeUrl, children }: LayoutProps) {
  const contact = [brand.email, brand.whatsapp ? `WhatsApp ${brand.whatsapp}` : ""].filter(Boolean);
  return (
    <Html lang="es">
      <Head />
      {preview ? <Preview>{preview}</Preview> : null}
      <Body
        style={{
          margin: 0,
          padding: "16px 8px",
          backgroundColor: "#f4f4f5",
          fontFamily: "Arial, Helvetica, sans-serif",
          color: brand.dark,
        }}
      >
        <Container
          style={{ maxWidth: "560px", width: "100%", backgroundColor: "#ffffff", borderRadius: "8px" }}
        >
          <Section
            style={{ backgroundColor: brand.primary, padding: "16px 24px", borderRadius: "8px 8px 0 0" }}
          >
            {brand.logoUrl ? (
              <Img
                src={brand.logoUrl}
                alt={brand.name}
                height="40"
                style={{ height: "40px", border: 0, color: "#ffffff", fontSize: "20px", fontWeight: "bold" }}
              />
            ) : (
              <Text style={{ fontSize: "20px", fontWeight: "bold", color: "#ffffff", margin: 0 }}>
                {brand.name}
              </Text>
            )}
          </Section>
          <Section style={{ padding: "24px" }}>
            <Heading
              as="h1"
              style={{ fontSize: "20px", lineHeight: "1.3", margin: "0 0 16px", color: brand.dark }}
            >
              {title}
            </Heading>
            {children}
            {action ? (
              <Section style={{ margin: "24px 0 8px" }}>
                <Button
                  href={action.url}
                  style={{
                    backgroundColor: brand.primary,
                    color: "#ffffff",
                    textDecoration: "none",
                    padding: "12px 20px",
                    borderRadius: "6px",
                    fontWeight: "bold",
                    fontSize: "15px",
                  }}
                >
                  {action.label}
                </Button>
              </Section>
            ) : null}
            <Text style={{ ...text, margin: "24px 0 0" }}>
              Saludos,
              <br />
              El equipo de {brand.name}
            </Text>
          </Section>
          <Hr style={{ borderColor: "#eeeeee", margin: 0 }} />
          <Section style={{ padding: "16px 24px" }}>
            <Text data-line="" style={small}>
              {brand.legalName}
            </Text>
            {brand.address ? (
              <Text data-line="" style={small}>
                {brand.address}
              </Text>
            ) : null}
            {contact.length ? (
              <Text data-line="" style={small}>
                {contact.join(" · ")}
              </Text>
            ) : null}
            <Text data-line="" style={small}>
              <Link href={brand.siteUrl} style={{ color: "#6b7280" }}>
                {brand.siteUrl}
              </Link>
            </Text>
            {unsubscribeUrl ? (
              <Text data-line="" style={small}>
                ¿No quieres recibir estos correos?{" "}
                <Link href={unsubscribeUrl} style={{ color: "#6b7280", textDecoration: "underline" }}>
                  Darte de baja
                </Link>
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of the message. */
export function P({ children }: { children: ReactNode }) {
  return <Text style={text}>{children}</Text>;
}

/** Facts as "Label: value" lines (a class, a receipt). Rows with an empty value are left out. */
export function Details({ rows }: { rows: [label: string, value: string | null | undefined | false][] }) {
  const shown = rows.filter((row): row is [string, string] => Boolean(row[1]));
  if (shown.length === 0) return null;
  return (
    <Section
      style={{ backgroundColor: "#f8f9fa", borderRadius: "6px", padding: "12px 16px", margin: "0 0 12px" }}
    >
      {shown.map(([label, value]) => (
        <Text key={label} data-line="" style={{ fontSize: "15px", lineHeight: "1.5", margin: "0" }}>
          <strong>{label}:</strong> {value}
        </Text>
      ))}
    </Section>
  );
}
