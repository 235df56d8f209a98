import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import nodemailer from "nodemailer";
import type { Db } from "../db/client";
import type { EmailAttachment } from "../db/schema/mail";
import { insertOutbox, markOutbox, type OutboxInsert } from "./mail-outbox";
import { redactSecrets } from "./mail-redaction";

export type MailInput = OutboxInsert & {
  attachments?: EmailAttachment[];
  /**
   * Working secrets in this email (a reset or confirmation link, a token). They are delivered,
   * but the outbox row keeps them hidden: nobody reading the outbox can use them (decision 0018).
   */
  secrets?: string[];
  /**
   * Extra headers for the delivery, e.g. List-Unsubscribe on class reminders (RFC 2369), so mail
   * clients show their own "unsubscribe" button. Not stored in the outbox.
   */
  headers?: Record<string, string>;
};

export type Mailer = {
  /**
   * Records the email in the outbox and, when SMTP is configured, starts sending it without
   * waiting for the SMTP server. Never throws on SMTP failure.
   */
  send(mail: MailInput): Promise<number>;
};

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Every email is written to the outbox first (an admin can read it; tests assert on it), then
 * sent through SMTP when SMTP_URL is set. Offline, the outbox is the delivery. `send` answers as
 * soon as the outbox row is written: an SMTP conversation can take seconds and the caller is
 * usually a request (a booking, a cancellation) that must not wait for it. The row stays
 * 'queued' until the delivery ends and is then marked 'sent' or 'failed' (with the error).
 */
export function createMailer(db: Db, options: { smtpUrl?: string; from: string; mailDir?: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;

  async function deliver(smtp: NonNullable<typeof transport>, id: number, mail: MailInput) {
    try {
      await smtp.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers,
        attachments: mail.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, "base64"),
        })),
      });
      await markOutbox(db, id, { sent: true });
    } catch (error) {
      // Nobody awaits this: a failure is recorded on the row (or lost with a closed database).
      await markOutbox(db, id, { sent: false, error: String(error) }).catch(() => {});
    }
  }

  return {
    async send({ secrets = [], ...mail }) {
      const { headers: _headers, ...row } = mail;
      const stored =
        secrets.length > 0 || /[?&]token=/i.test(`${mail.text ?? ""}${mail.html ?? ""}`)
          ? {
              ...row,
              text: redactSecrets(mail.text, secrets) ?? undefined,
              html: redactSecrets(mail.html, secrets) ?? undefined,
            }
          : row;
      const id = await insertOutbox(db, stored);
      // A developer's convenience: a full disk must not fail the request that sent the email.
      if (options.mailDir) await writeMailFile(options.mailDir, id, mail).catch(() => {});
      if (transport) void deliver(transport, id, mail);
      return id;
    },
  };
}

/** MAIL_DIR: the whole email as `<outbox id>.json`, for a developer without SMTP and the journeys. */
async function writeMailFile(dir: string, id: number, mail: MailInput) {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${String(id).padStart(8, "0")}.json`);
  const { attachments: _attachments, ...rest } = mail;
  await writeFile(file, JSON.stringify({ email_outbox_id: id, ...rest }, null, 2));
}

export default fp(async function mailerPlugin(app: FastifyInstance) {
  app.decorate(
    "mailer",
    createMailer(app.db, {
      smtpUrl: app.config.SMTP_URL,
      from: app.config.MAIL_FROM,
      mailDir: app.config.MAIL_DIR,
    }),
  );
});
