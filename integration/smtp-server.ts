import net from "node:net";

/**
 * A real SMTP server on 127.0.0.1 (RFC 5321's commands a client without TLS or AUTH uses: EHLO/
 * HELO, MAIL, RCPT, DATA with dot-stuffing, RSET, NOOP, QUIT) keeping each message whole, and a
 * small MIME reader (RFC 2045-2047: multipart parts, base64 and quoted-printable bodies, encoded
 * words in headers) so a test reads what a mail client would show. node_modules has no SMTP
 * server package; this is enough for nodemailer's plain SMTP delivery.
 */

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type MimePart = { headers: Record<string, string>; body: Buffer; parts: MimePart[] };

export async function startSmtpServer() {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = net.createServer((socket) => {
    socket.setEncoding("latin1");
    let buffer = "";
    let from = "";
    let to: string[] = [];
    let data: string[] | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 127.0.0.1 ESMTP prueba");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === ".") {
            mails.push({ from, to, raw: data.join("\r\n") });
            for (const wake of waiters.splice(0)) wake();
            data = null;
            from = "";
            to = [];
            reply("250 2.0.0 Ok: queued");
          } else data.push(line.startsWith("..") ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-127.0.0.1\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n");
        else if (verb === "HELO") reply("250 127.0.0.1");
        else if (verb === "MAIL") {
          from = /<([^>]*)>/.exec(line)?.[1] ?? "";
          reply("250 2.1.0 Ok");
        } else if (verb === "RCPT") {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
          reply("250 2.1.5 Ok");
        } else if (verb === "DATA") {
          if (to.length === 0) reply("503 5.5.1 RCPT first");
          else {
            data = [];
            reply("354 End data with <CR><LF>.<CR><LF>");
          }
        } else if (verb === "RSET") {
          from = "";
          to = [];
          reply("250 Ok");
        } else if (verb === "NOOP") reply("250 Ok");
        else if (verb === "QUIT") {
          reply("221 2.0.0 Bye");
          socket.end();
        } else reply("502 5.5.2 Command not implemented");
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The first mail to `to` that matches, waiting for it up to `ms`. */
    async waitFor(to: string, matches: (m: ReceivedMail) => boolean = () => true, ms = 20_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = mails.find((m) => m.to.includes(to) && matches(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`ningún correo a ${to} llegó al servidor SMTP`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 250);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

/** RFC 2047 encoded words ("=?UTF-8?Q?Tu_factura?=") in a header, decoded. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

function headersOf(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function bodyOf(text: string, encoding: string | undefined): Buffer {
  const e = (encoding ?? "").toLowerCase();
  if (e === "base64") return Buffer.from(text.replace(/\s+/g, ""), "base64");
  if (e === "quoted-printable")
    return Buffer.from(
      text
        .replace(/=\r\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      "latin1",
    );
  return Buffer.from(text, "latin1");
}

/** A message (or a part) read as MIME: its headers, decoded body and, if multipart, its parts. */
export function parseMime(raw: string): MimePart {
  const split = raw.indexOf("\r\n\r\n");
  const headers = headersOf(split < 0 ? raw : raw.slice(0, split));
  const text = split < 0 ? "" : raw.slice(split + 4);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (!boundary) return { headers, body: bodyOf(text, headers["content-transfer-encoding"]), parts: [] };
  const pieces = text.split(`--${boundary}`).slice(1);
  const parts = pieces
    .filter((piece) => !piece.startsWith("--"))
    .map((piece) => parseMime(piece.replace(/^\r\n/, "").replace(/\r\n$/, "")));
  return { headers, body: Buffer.alloc(0), parts };
}

/** Every leaf part of a message, depth first. */
export function leaves(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leaves);
}
