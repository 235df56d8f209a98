import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import nodemailer from "nodemailer";
import type { MailTemplate, MailTemplateKind } from "../../domain/mail-templates";
import type { Db } from "../db/client";
import type { EmailAttachment } from "../db/schema/mail";
import { insertOutbox, markOutbox, type OutboxInsert, setRendered, unrenderedOutbox } from "./mail-outbox";
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

/** Renders a queued email's html and text from its props (the module that owns the email registers it). */
export type MailRenderer = (props: Record<string, unknown>) => Promise<{ html: string; text: string }>;

/** An email queued with its template's props, rendered by the outbox worker (docs/decisions/0084). */
export type QueuedMail = Pick<MailInput, "to" | "subject" | "attachments" | "headers"> & {
  template: MailTemplate;
  /** Plain JSON: they are stored on the row (dates as ISO text) and rendered from there. */
  props: Record<string, unknown>;
};

export type Mailer = {
  /**
   * Records the email in the outbox and, when SMTP is configured, starts sending it without
   * waiting for the SMTP server. Never throws on SMTP failure.
   */
  send(mail: MailInput): Promise<number>;
  /**
   * Records the email in the outbox with its subject and props and answers; the outbox worker
   * renders its html and text after the caller's turn (a request has answered by then), writes them
   * on the row and sends it as `send` would. For the emails of hot requests (booking, cancelling).
   */
  enqueue(mail: QueuedMail): Promise<number>;
  /** The renderer of a kind of queued email. */
  renderWith(kind: MailTemplateKind, renderer: MailRenderer): void;
  /** Waits until every queued email has been rendered (tests, and the app's close). */
  drain(): Promise<void>;
  /** Queues again the emails a stopped process left unrendered (called once the app is ready). */
  recover(): Promise<number>;
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

  // The outbox worker: queued emails of this process, rendered one after another off the caller's turn.
  const renderers = new Map<string, MailRenderer>();
  const queue: Array<{ id: number; mail: QueuedMail }> = [];
  let running: Promise<void> | null = null;

  async function render({ id, mail }: { id: number; mail: QueuedMail }) {
    const kind = mail.template.split(":")[0] ?? mail.template;
    try {
      const renderer = renderers.get(kind);
      if (!renderer) throw new Error(`no renderer for ${kind}`);
      const rendered = await renderer(mail.props);
      await setRendered(db, id, rendered);
      const full: MailInput = { ...mail, ...rendered };
      if (options.mailDir) await writeMailFile(options.mailDir, id, full).catch(() => {});
      if (transport) void deliver(transport, id, full);
    } catch (error) {
      await markOutbox(db, id, { sent: false, error: String(error) }).catch(() => {});
    }
  }

  function kick() {
    if (running) return;
    // setImmediate: after the caller's turn, so a request has sent its answer before the render.
    running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        for (let job = queue.shift(); job; job = queue.shift()) await render(job);
      })
      .finally(() => {
        running = null;
        if (queue.length > 0) kick();
      });
  }

  return {
    async enqueue(mail) {
      const { headers: _headers, ...row } = mail;
      const id = await insertOutbox(db, row);
      queue.push({ id, mail });
      kick();
      return id;
    },
    renderWith(kind, renderer) {
      renderers.set(kind, renderer);
    },
    async drain() {
      while (running) await running;
    },
    async recover() {
      const rows = await unrenderedOutbox(db);
      for (const row of rows) {
        if (!row.props || !row.template) continue;
        queue.push({
          id: row.email_outbox_id,
          mail: {
            to: row.to,
            subject: row.subject,
            template: row.template as MailTemplate,
            props: row.props,
            attachments: row.attachments ?? undefined,
          },
        });
      }
      if (rows.length > 0) kick();
      return rows.length;
    },
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
  const mailer = createMailer(app.db, {
    smtpUrl: app.config.SMTP_URL,
    from: app.config.MAIL_FROM,
    mailDir: app.config.MAIL_DIR,
  });
  app.decorate("mailer", mailer);
  // Emails queued before a stop are rendered now; those queued here are rendered before closing.
  app.addHook("onReady", async () => {
    await mailer.recover().catch((error) => app.log.error({ err: error }, "mailer: recovery failed"));
  });
  app.addHook("preClose", async () => {
    await mailer.drain();
  });
});
