import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../domain/messages";
import { MAX_FILE_BYTES } from "../modules/files/files.service";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { PNG, signUpCustomer } from "../test/customers";

/**
 * Uploads as an attacker would send them (POST /api/files, multipart): the type is decided by the
 * bytes, never by the file name or the Content-Type the client claims; size is capped; the name
 * sent never becomes a path; what is served back cannot be turned into a page of our origin.
 */

/** A multipart body with one file part whose name and Content-Type the test chooses freely. */
function upload(file: Buffer, filename: string, contentType: string, fields: Record<string, string> = {}) {
  const boundary = "----frontera";
  const head = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join("");
  const payload = Buffer.concat([
    Buffer.from(head),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      "latin1",
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

// Minimal but real files of every allowed kind: their first bytes are what the server sniffs.
const JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  "base64",
);
const WEBP = Buffer.from("UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=", "base64");
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

const HOSTILE: [string, Buffer][] = [
  ["a script", Buffer.from("<script>alert(1)</script>")],
  ["an HTML page", Buffer.from("<!doctype html><html><body><img src=x onerror=alert(1)></body></html>")],
  [
    "an SVG with a script",
    Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ),
  ],
  ["a shell script", Buffer.from("#!/bin/sh\nrm -rf /\n")],
  ["an empty file", Buffer.alloc(0)],
];

describe("uploads", () => {
  let t: TestApp;
  let sandbox: string;
  let dataDir: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    // DATA_DIR sits alone inside a sandbox so a write anywhere outside it would show up.
    sandbox = fs.mkdtempSync(path.join(os.tmpdir(), "estudio-uploads-"));
    dataDir = path.join(sandbox, "data");
    t = await buildTestApp({ DATA_DIR: dataDir });
    // A customer with a record: their uploads are private and served back to them.
    headers = (await signUpCustomer(t)).headers;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(sandbox, { recursive: true, force: true });
  });

  const send = (body: ReturnType<typeof upload>, auth = headers) =>
    t.app.inject({
      method: "POST",
      url: "/api/files",
      payload: body.payload,
      headers: { ...body.headers, ...auth },
    });

  it.each(HOSTILE)(
    "refuses %s named x.png and sent as image/png (415, in Spanish)",
    async (_label, bytes) => {
      for (const fields of [{}, { kind: "image" }] as Record<string, string>[]) {
        const res = await send(upload(bytes, "x.png", "image/png", fields));
        expect(res.statusCode, res.body).toBe(415);
        expect(res.json()).toEqual({ code: "FILE_TYPE_NOT_ALLOWED", message: messages.fileTypeNotAllowed });
      }
    },
  );

  it("refuses a PDF where only images are wanted, whatever its name", async () => {
    const res = await send(upload(PDF, "foto.jpg", "image/jpeg", { kind: "image" }));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: "IMAGE_ONLY", message: messages.imageOnly });
  });

  it("refuses a file over 10 MB with 413 and a Spanish message, and stores nothing", async () => {
    const before = listStored();
    const huge = Buffer.concat([PNG, Buffer.alloc(MAX_FILE_BYTES + 1 - PNG.length + 1024)]);
    const res = await send(upload(huge, "grande.png", "image/png"));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: "FILE_TOO_LARGE",
      message: "El archivo es demasiado grande. El máximo es de 10 MB.",
    });
    expect(listStored()).toEqual(before);
    // Just under the limit is fine.
    const fits = Buffer.concat([PNG, Buffer.alloc(MAX_FILE_BYTES - PNG.length - 1)]);
    expect((await send(upload(fits, "justo.png", "image/png"))).statusCode).toBe(201);
  });

  it("never lets the sent name choose where or under what name a file is written", async () => {
    const names = [
      "../../etc/passwd.png",
      "../../../../../../tmp/escape.png",
      "..\\..\\x.png",
      "/etc/cron.d/x.png",
      "foto\u0000.png.html",
      "a%2f..%2f..%2fb.png",
      "con.png",
      `${"a".repeat(5000)}.png`,
      '"><img src=x onerror=alert(1)>.png',
      "\r\nSet-Cookie: x=1.png",
    ];
    for (const name of names) {
      const res = await send(upload(PNG, name, "image/png"));
      expect(res.statusCode, `${JSON.stringify(name.slice(0, 40))}: ${res.body}`).toBe(201);
      const file = res.json().file;
      // The stored path is ours: private/<uuid>.<extension from the content> (a customer's upload).
      expect(file.src).toMatch(/^\/files\/private\/[0-9a-f-]{36}\.png$/);
      // The display name keeps no path, no control characters and a bounded length.
      expect(file.name).not.toMatch(/[/\\\p{C}]/u);
      expect(file.name.length).toBeLessThanOrEqual(120);
      expect(file.name).not.toContain("..\\");
    }
    // Nothing was written outside DATA_DIR/files/{uploads,private}, and every file there has our name.
    expect(fs.readdirSync(sandbox)).toEqual(["data"]);
    for (const stored of listStored()) {
      expect(stored).toMatch(/^files\/(uploads|private)\/[0-9a-f-]{36}\.(png|jpg|webp|gif|pdf)$/);
    }
  });

  it.each([
    ["PNG", PNG, "image/png", "png"],
    ["JPEG", JPEG, "image/jpeg", "jpg"],
    ["WebP", WEBP, "image/webp", "webp"],
    ["GIF", GIF, "image/gif", "gif"],
  ] as const)(
    "accepts a real %s even with a lying name and header, and serves it as an image",
    async (_l, bytes, mime, ext) => {
      const res = await send(upload(bytes, "archivo.txt", "text/html", { kind: "image" }));
      expect(res.statusCode, res.body).toBe(201);
      const { file } = res.json();
      expect(file).toMatchObject({ type: mime, size: bytes.length });
      expect(file.src.endsWith(`.${ext}`)).toBe(true);

      // A customer's upload is private: served to them (and staff), with their session.
      const served = await t.app.inject({ method: "GET", url: file.src, headers });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe(mime);
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(served.headers["content-disposition"]).toBeUndefined();
      expect(served.rawPayload.equals(bytes)).toBe(true);
    },
  );

  it("serves anything that is not an image as a download (PDF)", async () => {
    const res = await send(upload(PDF, "contrato.pdf", "application/pdf"));
    expect(res.statusCode, res.body).toBe(201);
    const served = await t.app.inject({ method: "GET", url: res.json().file.src, headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-disposition"]).toMatch(/^attachment/);
  });

  it("does not serve files outside the upload directory through /files/", async () => {
    // DATA_DIR/secreto.txt is one level above the served root (DATA_DIR/files).
    const secret = path.join(dataDir, "secreto.txt");
    fs.writeFileSync(secret, "contenido-secreto-del-servidor");
    try {
      for (const url of [
        "/files/../secreto.txt",
        "/files/..%2fsecreto.txt",
        "/files/%2e%2e/secreto.txt",
        "/files/%2e%2e%2fsecreto.txt",
        "/files/uploads/..%2f..%2fsecreto.txt",
        "/files/uploads/..%5c..%5csecreto.txt",
        "/files/....//secreto.txt",
      ]) {
        const res = await t.app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.body, url).not.toContain("contenido-secreto");
      }
    } finally {
      fs.rmSync(secret);
    }
  });

  it("refuses uploads from visitors", async () => {
    const res = await send(upload(PNG, "x.png", "image/png"), {});
    expect(res.statusCode).toBe(401);
  });

  /** Files under DATA_DIR, relative, sorted. */
  function listStored(): string[] {
    return (fs.readdirSync(dataDir, { recursive: true }) as string[])
      .filter((p) => fs.statSync(path.join(dataDir, p)).isFile())
      .map((p) => p.split(path.sep).join("/"))
      .sort();
  }
});
