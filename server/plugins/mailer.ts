import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import nodemailer from "nodemailer";
import type { Db } from "../db/client";
import type { EmailAttachment } from "../db/schema/mail";
import { insertOutbox, markOutbox, type OutboxInsert } from "../modules/mail/mail.repository";

export type MailInput = OutboxInsert & { attachments?: EmailAttachment[] };

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
export function createMailer(db: Db, options: { smtpUrl?: string; from: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;

  async function deliver(smtp: NonNullable<typeof transport>, id: number, mail: MailInput) {
    try {
      await smtp.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
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
    async send(mail) {
      const id = await insertOutbox(db, mail);
      if (transport) void deliver(transport, id, mail);
      return id;
    },
  };
}

export default fp(async function mailerPlugin(app: FastifyInstance) {
  app.decorate("mailer", createMailer(app.db, { smtpUrl: app.config.SMTP_URL, from: app.config.MAIL_FROM }));
});
