import { createElement } from "react";
import type { AppConfig } from "../../../domain/app-config";
import { brandOf } from "../mail/templates/brand";
import { type EmailContent, GenericEmail } from "../mail/templates/generic";
import { renderMailSync } from "../mail/templates/render";

export type { EmailContent };

/**
 * An email given as a title, paragraphs and one button, in the studio's one layout (React Email,
 * server/modules/mail/templates/layout.tsx) with its plain-text alternative. Kept for callers
 * that build such simple emails; a new email with its own shape gets a template beside the others
 * in server/modules/mail/templates/ (docs/decisions/0028-emails-with-react-email.md).
 */
export function renderEmail(
  config: AppConfig,
  publicUrl: string,
  content: EmailContent,
): { subject: string; html: string; text: string } {
  const brand = brandOf(config, publicUrl);
  return renderMailSync(`${content.title} · ${brand.name}`, createElement(GenericEmail, { brand, content }));
}
