import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { S3_TEST_CREDENTIALS, startS3TestServer } from "../../../test/doubles/s3-test-server";
import { ConfigError, loadConfig } from "../../config";
import { files } from "../../db/schema/content";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { multipart, PNG, signUpCustomer, withAuth } from "../../test/customers";
import { testDriver } from "../../test/test-driver";
import { privatizeLegacyCustomerUploads } from "./files.service";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const BUCKET = "estudio-archivos";

type Headers = Record<string, string>;
type Uploaded = { file_id: number; src: string; private: boolean; name: string };

/**
 * Where uploads live and who gets them back (decision 0019): the default local disk and an
 * S3-compatible bucket (a real s3rver on 127.0.0.1, stopped to play a bucket that is down), with
 * a customer's files private to them and staff and catalogue images public.
 */
describe(`file storage and private files (${testDriver()})`, () => {
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  let t: TestApp;
  let dataDir: string;
  let admin: Headers;
  let ana: Headers;
  let beto: Headers;

  beforeAll(async () => {
    s3 = await startS3TestServer([BUCKET]);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "estudio-files-"));
    t = await buildTestApp({ DATA_DIR: dataDir, ...S3_TEST_CREDENTIALS });
    admin = (await t.signUp({ role: "admin" })).headers;
    ana = (await signUpCustomer(t)).headers;
    beto = (await signUpCustomer(t)).headers;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** files_location and the bucket settings, as an admin would save them in Configuración. */
  async function settings(values: { files_location: string; bucket?: string; S3_ENDPOINT?: string }) {
    await t.app.appConfig.update([
      { key: "files_location", value: values.files_location },
      { key: "S3_ENDPOINT", value: values.S3_ENDPOINT ?? s3.endpoint },
      { key: "bucket", value: values.bucket ?? BUCKET },
      { key: "region", value: "us-east-1" },
    ]);
  }
  beforeEach(() => settings({ files_location: "server" }));

  async function upload(
    headers: Headers,
    file: Buffer,
    name: string,
    fields: Record<string, string> = {},
    url = "/api/files",
  ) {
    return t.app.inject({ method: "POST", url, ...withAuth(multipart(file, name, fields), headers) });
  }
  async function uploaded(
    headers: Headers,
    file: Buffer,
    name: string,
    fields: Record<string, string> = {},
    url = "/api/files",
  ) {
    const res = await upload(headers, file, name, fields, url);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().file as Uploaded;
  }
  const get = (url: string, headers: Headers = {}) => t.app.inject({ method: "GET", url, headers });
  const row = async (fileId: number) =>
    (await t.app.db.select().from(files).where(eq(files.file_id, fileId)))[0] ?? null;
  const rowCount = async () => (await t.app.db.select({ id: files.file_id }).from(files)).length;
  const bucketKeys = async () => s3.keys(BUCKET);
  /** Follows our redirect to the bucket the way a browser would, outside the app. */
  async function fetchRedirect(location: string) {
    const res = await fetch(location);
    return {
      status: res.status,
      type: res.headers.get("content-type"),
      disposition: res.headers.get("content-disposition"),
      body: Buffer.from(await res.arrayBuffer()),
    };
  }
  const keyOf = (src: string) => src.replace(/^\/files\/(s3\/)?/, "");

  describe("on this server's disk (the default)", () => {
    it("keeps catalogue images public and cacheable", async () => {
      const image = await uploaded(admin, PNG, "clase.png", { kind: "image" });
      expect(image.private).toBe(false);
      expect(image.src).toMatch(/^\/files\/uploads\/[0-9a-f-]{36}\.png$/);
      const served = await get(image.src);
      expect(served.statusCode).toBe(200);
      expect(served.headers["cache-control"]).toMatch(/^public/);
      expect(served.rawPayload.equals(PNG)).toBe(true);
    });

    it("serves a customer's form document only to them and to staff; others get the 404 of a missing file", async () => {
      const doc = await uploaded(ana, PDF, "responsiva.pdf");
      expect(doc.private).toBe(true);
      expect(doc.src).toMatch(/^\/files\/private\/[0-9a-f-]{36}\.pdf$/);
      expect(fs.existsSync(path.join(dataDir, "files", keyOf(doc.src)))).toBe(true);

      const missing = await get(`/files/private/${randomUUID()}.pdf`, ana);
      expect(missing.statusCode).toBe(404);
      for (const [who, headers] of [
        ["a visitor", {}],
        ["another customer", beto],
      ] as const) {
        const res = await get(doc.src, headers);
        expect(res.statusCode, who).toBe(404);
        expect(res.body, who).toBe(missing.body);
      }
      for (const headers of [ana, admin]) {
        const res = await get(doc.src, headers);
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(PDF)).toBe(true);
        expect(res.headers["cache-control"]).toBe("private, no-store");
        expect(res.headers["content-type"]).toBe("application/pdf");
        expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="responsiva.pdf"/);
      }
    });

    it("the web's cookie session is enough to see one's own private file (an <img> sends no Bearer token)", async () => {
      const customer = await signUpCustomer(t);
      const doc = await uploaded(customer.headers, PDF, "mio.pdf");
      const signIn = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email: customer.payload.email, password: customer.payload.password },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
      expect((await get(doc.src, { cookie })).statusCode).toBe(200);
      expect((await get(doc.src, { cookie: "better-auth.session_token=falso" })).statusCode).toBe(404);
    });

    it("a customer's photo (profile, waiver) is private too, and served inline to its owner", async () => {
      const photo = await uploaded(ana, PNG, "yo.png", { kind: "image" });
      expect(photo.private).toBe(true);
      const res = await get(photo.src, ana);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/png");
      expect(res.headers["content-disposition"]).toBeUndefined();
      expect((await get(photo.src, beto)).statusCode).toBe(404);
    });

    it("never lets the static /files/ handler hand out a private file, however the path is spelled", async () => {
      const doc = await uploaded(ana, PDF, "estudio.pdf");
      const name = path.basename(doc.src);
      for (const url of [
        `/files/%70rivate/${name}`,
        `/files//private/${name}`,
        `/files/PRIVATE/${name}`,
        `/files/uploads/../private/${name}`,
        `/files/uploads/%2e%2e/private/${name}`,
        `/files/uploads/..%2fprivate%2f${name}`,
        `/files/./private/${name}`,
        `/files/private/${name}/`,
        `/files/private/${name.toUpperCase()}`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.rawPayload.includes(PDF), url).toBe(false);
      }
    });

    it("moves customers' earlier public uploads to private (run at start-up), once; staff files stay public", async () => {
      const customer = await signUpCustomer(t);
      const customerId = customer.customer.customer_id;
      // As the app stored uploads before files had privacy.
      const name = `${randomUUID()}.pdf`;
      fs.mkdirSync(path.join(dataDir, "files", "uploads"), { recursive: true });
      fs.writeFileSync(path.join(dataDir, "files", "uploads", name), PDF);
      const [legacy] = await t.app.db
        .insert(files)
        .values({
          name: "vieja.pdf",
          type: "application/pdf",
          size: PDF.length,
          storage: "server",
          path: `uploads/${name}`,
          src: `/files/uploads/${name}`,
          customer_id: customerId,
        })
        .returning();
      const staffImage = await uploaded(admin, PNG, "portada.png", { kind: "image" });

      expect(await privatizeLegacyCustomerUploads(t.app.db, dataDir)).toBe(1);
      expect(await privatizeLegacyCustomerUploads(t.app.db, dataDir)).toBe(0);
      const moved = await row(legacy!.file_id);
      expect(moved).toMatchObject({ private: true, path: `private/${name}`, src: `/files/private/${name}` });
      expect((await get(`/files/uploads/${name}`)).statusCode).toBe(404);
      expect((await get(moved!.src)).statusCode).toBe(404);
      const own = await get(moved!.src, customer.headers);
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload.equals(PDF)).toBe(true);
      expect((await get(staffImage.src)).statusCode).toBe(200);
    });

    it("staff may mark an upload private; deleting the record deletes the file on disk", async () => {
      const staffDoc = await uploaded(admin, PDF, "nomina.pdf", { private: "true" });
      expect(staffDoc.private).toBe(true);
      expect((await get(staffDoc.src)).statusCode).toBe(404);
      const disk = path.join(dataDir, "files", keyOf(staffDoc.src));
      expect(fs.existsSync(disk)).toBe(true);
      const del = await t.app.inject({
        method: "DELETE",
        url: `/api/files/${staffDoc.file_id}`,
        headers: admin,
      });
      expect(del.statusCode).toBe(200);
      expect(fs.existsSync(disk)).toBe(false);
      expect(await row(staffDoc.file_id)).toBeNull();
      expect((await get(staffDoc.src, admin)).statusCode).toBe(404);
    });
  });

  describe("in an S3-compatible bucket (files_location=aws)", () => {
    beforeEach(() => settings({ files_location: "aws" }));

    it("stores uploads in the bucket and serves public ones through a redirect to a signed URL", async () => {
      const image = await uploaded(admin, PNG, "coach.png", { kind: "image" });
      expect(image.private).toBe(false);
      expect(image.src).toMatch(/^\/files\/s3\/uploads\/[0-9a-f-]{36}\.png$/);
      expect((await row(image.file_id))?.storage).toBe("aws");
      expect(await bucketKeys()).toContain(keyOf(image.src));
      // Nothing on this server's disk.
      expect(fs.existsSync(path.join(dataDir, "files", keyOf(image.src)))).toBe(false);

      const served = await get(image.src);
      expect(served.statusCode).toBe(302);
      expect(served.headers["cache-control"]).toMatch(/^public/);
      const location = String(served.headers.location);
      expect(location.startsWith(`${s3.endpoint}/${BUCKET}/uploads/`)).toBe(true);
      expect(location).toContain("X-Amz-Signature=");
      const object = await fetchRedirect(location);
      expect(object.status).toBe(200);
      expect(object.type).toBe("image/png");
      expect(object.body.equals(PNG)).toBe(true);
    });

    it("gives a private file only a short-lived signed URL, to its owner and staff; never a public one", async () => {
      const doc = await uploaded(ana, PDF, "certificado médico.pdf");
      expect(doc.private).toBe(true);
      expect(doc.src).toMatch(/^\/files\/private\/[0-9a-f-]{36}\.pdf$/);
      expect(await bucketKeys()).toContain(keyOf(doc.src));

      expect((await get(doc.src)).statusCode).toBe(404);
      expect((await get(doc.src, beto)).statusCode).toBe(404);
      for (const headers of [ana, admin]) {
        const res = await get(doc.src, headers);
        expect(res.statusCode).toBe(302);
        expect(res.headers["cache-control"]).toBe("private, no-store");
        const location = String(res.headers.location);
        expect(location).toContain("X-Amz-Expires=300");
        const object = await fetchRedirect(location);
        expect(object.status).toBe(200);
        expect(object.body.equals(PDF)).toBe(true);
        expect(object.disposition).toMatch(/^attachment/);
      }
      // The public-file route does not serve it either.
      expect((await get(`/files/s3/uploads/${path.basename(doc.src)}`)).statusCode).toBe(404);
    });

    it("deleting the record deletes the object", async () => {
      const doc = await uploaded(ana, PDF, "borrar.pdf");
      expect(await bucketKeys()).toContain(keyOf(doc.src));
      const del = await t.app.inject({ method: "DELETE", url: `/api/files/${doc.file_id}`, headers: ana });
      expect(del.statusCode).toBe(200);
      expect(await bucketKeys()).not.toContain(keyOf(doc.src));
      expect(await row(doc.file_id)).toBeNull();
      expect((await get(doc.src, ana)).statusCode).toBe(404);
    });

    it("POST /api/files/s3 uploads to the bucket whatever files_location says", async () => {
      await settings({ files_location: "server" });
      const image = await uploaded(admin, PNG, "logo.png", { kind: "image" }, "/api/files/s3");
      expect((await row(image.file_id))?.storage).toBe("aws");
      expect(await bucketKeys()).toContain(keyOf(image.src));
    });

    it("a bucket that is down: 503 in Spanish, no row without object and no object without row", async () => {
      const kept = await uploaded(ana, PDF, "antes.pdf");
      const rowsBefore = await rowCount();
      const keysBefore = await bucketKeys();
      await s3.stop();
      try {
        const res = await upload(ana, PDF, "durante.pdf");
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          code: "FILE_STORAGE_UNAVAILABLE",
          message: messages.fileStorageUnavailable,
        });
        expect(await rowCount()).toBe(rowsBefore);

        const del = await t.app.inject({ method: "DELETE", url: `/api/files/${kept.file_id}`, headers: ana });
        expect(del.statusCode).toBe(503);
        expect(del.json().message).toBe(messages.fileStorageUnavailable);
        expect(await row(kept.file_id)).not.toBeNull();
      } finally {
        await s3.start();
      }
      expect(await bucketKeys()).toEqual(keysBefore);
      // Back up: the delete goes through, row and object together.
      const del = await t.app.inject({ method: "DELETE", url: `/api/files/${kept.file_id}`, headers: ana });
      expect(del.statusCode).toBe(200);
      expect(await row(kept.file_id)).toBeNull();
      expect(await bucketKeys()).not.toContain(keyOf(kept.src));
    });

    it("a bucket that does not exist or is not set: 503 naming the configuration, nothing stored", async () => {
      const rowsBefore = await rowCount();
      for (const wrong of [{ bucket: "no-existe" }, { bucket: "" }, { S3_ENDPOINT: "http://" }]) {
        await settings({ files_location: "aws", ...wrong });
        const res = await upload(admin, PNG, "x.png", { kind: "image" });
        expect(res.statusCode, JSON.stringify(wrong)).toBe(503);
        expect(res.json()).toEqual({
          code: "FILE_STORAGE_NOT_CONFIGURED",
          message: messages.fileStorageNotConfigured,
        });
      }
      expect(await rowCount()).toBe(rowsBefore);
    });
  });

  it("with S3_PUBLIC_URL public files use it, private files never do", async () => {
    const cdn = "https://cdn.prueba.mx/archivos";
    const other = await buildTestApp({ DATA_DIR: dataDir, ...S3_TEST_CREDENTIALS, S3_PUBLIC_URL: cdn });
    try {
      await other.app.appConfig.update([
        { key: "files_location", value: "aws" },
        { key: "S3_ENDPOINT", value: s3.endpoint },
        { key: "bucket", value: BUCKET },
      ]);
      const staff = (await other.signUp({ role: "admin" })).headers;
      const customer = (await signUpCustomer(other)).headers;
      const send = async (headers: Headers, file: Buffer, name: string) => {
        const res = await other.app.inject({
          method: "POST",
          url: "/api/files",
          ...withAuth(multipart(file, name), headers),
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().file as Uploaded;
      };
      const image = await send(staff, PNG, "portada.png");
      expect(image.src).toBe(`${cdn}/uploads/${path.basename(image.src)}`);
      const doc = await send(customer, PDF, "privado.pdf");
      expect(doc.src).toMatch(/^\/files\/private\//);
      expect(doc.src.startsWith(cdn)).toBe(false);
      const res = await other.app.inject({ method: "GET", url: doc.src, headers: customer });
      expect(String(res.headers.location).startsWith(cdn)).toBe(false);
      expect(String(res.headers.location)).toContain("X-Amz-Signature=");
    } finally {
      await other.close();
    }
  });

  it("refuses to start with half of the S3 credentials", () => {
    expect(() => loadConfig({ AWS_ACCESS_KEY_ID: "AKIA0000" })).toThrow(ConfigError);
    expect(() => loadConfig({ AWS_ACCESS_KEY_ID: "AKIA0000" })).toThrow(/AWS_SECRET_ACCESS_KEY: obligatorio/);
    expect(() => loadConfig({ AWS_SECRET_ACCESS_KEY: "x" })).toThrow(/AWS_ACCESS_KEY_ID: obligatorio/);
    expect(() => loadConfig({ S3_PUBLIC_URL: "cdn" })).toThrow(/S3_PUBLIC_URL/);
    expect(loadConfig({ ...S3_TEST_CREDENTIALS }).AWS_ACCESS_KEY_ID).toBe("S3RVER");
  });
});
