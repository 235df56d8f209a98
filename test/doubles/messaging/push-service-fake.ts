import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";

/**
 * A browser's push service on loopback (what FCM or Mozilla's autopush are to an installed app),
 * for the web-push sender's tests: HTTPS with its own certificate authority (the sender trusts it
 * through WEB_PUSH_CA_FILE), and it checks what a real one checks. The VAPID token must be an
 * ES256 JWT signed by the key it names, for this origin, not expired; the body must be RFC 8291
 * aes128gcm. It decrypts each message with the subscription's private key, as the browser does,
 * so a test reads what the installed app would show. A subscription can be made gone (410).
 */
export type PushSubscriptionKeys = { endpoint: string; keys: { p256dh: string; auth: string } };
export type ReceivedPush = {
  subscription: string;
  payload: unknown;
  ttl: string | undefined;
  urgency?: string;
};

const b64url = (buf: Buffer) => buf.toString("base64url");
const hmac = (key: Buffer, data: Buffer) => crypto.createHmac("sha256", key).update(data).digest();

/** A self-signed certificate for 127.0.0.1 (openssl, as Debian ships it). */
function loopbackCertificate(dir: string) {
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert), certFile: cert };
}

/** The VAPID public key (65-byte uncompressed P-256 point) as a key node:crypto verifies with. */
function vapidPublicKey(raw: Buffer) {
  return crypto.createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: "jwk",
  });
}

function checkVapid(header: string | undefined, origin: string): string | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) return "no vapid authorization";
  const [headerPart, claimsPart, signature] = match[1]!.split(".");
  if (!headerPart || !claimsPart || !signature) return "malformed token";
  const verified = crypto.verify(
    "sha256",
    Buffer.from(`${headerPart}.${claimsPart}`),
    { key: vapidPublicKey(Buffer.from(match[2]!, "base64url")), dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!verified) return "bad signature";
  const claims = JSON.parse(Buffer.from(claimsPart, "base64url").toString("utf8"));
  if (claims.aud !== origin) return `audience ${claims.aud}`;
  if (!(claims.exp > Date.now() / 1000)) return "expired";
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub)) return "no subject";
  return null;
}

/** RFC 8291 / 8188: what the browser does with the body, given its subscription's keys. */
function decrypt(body: Buffer, subscriber: crypto.ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  const shared = subscriber.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([
    Buffer.from("WebPush: info\0"),
    subscriber.getPublicKey(),
    senderPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(hmac(authSecret, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01", "binary")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01", "binary")).subarray(0, 12);
  const decipher = crypto.createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const padded = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString("utf8");
}

function json(res: http.ServerResponse, body: unknown) {
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
}

export async function startPushServiceFake() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "push-fake-"));
  const tls = loopbackCertificate(dir);
  const subscribers = new Map<string, { ecdh: crypto.ECDH; auth: Buffer }>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = "";

  const server = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      // The double's own window for a test in another process (the journeys' workers; the
      // double lives in e2e/global-setup.ts): a new device, and what one device received.
      if (req.method === "POST" && req.url === "/devices") return json(res, subscribeDevice());
      const asked = /^\/devices\/([\w-]+)\/received$/.exec(req.url ?? "");
      if (req.method === "GET" && asked)
        return json(
          res,
          received.filter((r) => r.subscription === asked[1]),
        );
      const id = (req.url ?? "").replace(/^\/push\//, "");
      const answer = (status: number, why?: string) => {
        if (why) refused.push(`${id}: ${why}`);
        res.writeHead(status).end();
      };
      const subscriber = subscribers.get(id);
      if (req.method !== "POST" || !subscriber) return answer(404, "unknown subscription");
      if (gone.has(id)) return answer(410);
      const problem = checkVapid(req.headers.authorization, origin);
      if (problem) return answer(403, problem);
      if (req.headers["content-encoding"] !== "aes128gcm") return answer(415, "not aes128gcm");
      try {
        const text = decrypt(Buffer.concat(chunks), subscriber.ecdh, subscriber.auth);
        received.push({
          subscription: id,
          payload: JSON.parse(text),
          ttl: req.headers.ttl as string | undefined,
          urgency: req.headers.urgency as string | undefined,
        });
        answer(201);
      } catch (error) {
        answer(400, `undecryptable: ${(error as Error).message}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as { port: number }).port}`;

  /** A new installed app: its subscription as the browser's PushManager would hand it over. */
  function subscribeDevice(): PushSubscriptionKeys {
    const ecdh = crypto.createECDH("prime256v1");
    ecdh.generateKeys();
    const auth = crypto.randomBytes(16);
    const id = crypto.randomUUID();
    subscribers.set(id, { ecdh, auth });
    return {
      endpoint: `${origin}/push/${id}`,
      keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
    };
  }

  return {
    /** For WEB_PUSH_CA_FILE: the sender trusts this service's certificate, and only in tests. */
    caFile: tls.certFile,
    received,
    refused,
    /** Where the double answers (https, trusted through caFile). */
    origin,
    subscribe: subscribeDevice,
    /** The browser dropped the subscription (the app was uninstalled): 410 from now on. */
    unsubscribe(endpoint: string) {
      gone.add(endpoint.replace(/^.*\/push\//, ""));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(dir, { recursive: true, force: true });
      }),
  };
}
