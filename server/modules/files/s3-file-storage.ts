import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { AppError } from "../../../domain/errors";
import type { AppConfigEnv } from "../../config";
import { contentDisposition, type FileStorage, type S3Settings } from "./file-storage";

/** Connection and request time limits: a bucket that does not answer must not hold an upload for minutes. */
const CONNECT_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 20_000;

/** S3 error names that mean "the settings or credentials are wrong", not "try again later". */
const CONFIG_ERRORS = new Set([
  "NoSuchBucket",
  "AccessDenied",
  "InvalidAccessKeyId",
  "SignatureDoesNotMatch",
  "AuthorizationHeaderMalformed",
  "PermanentRedirect",
  "InvalidBucketName",
  "CredentialsProviderError",
]);

const notConfigured = () => AppError.of("FILE_STORAGE_NOT_CONFIGURED");

/** Any failure of the bucket as the Spanish 503 the client sees; the original stays as the cause for the log. */
function storageError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  const status = e?.$metadata?.httpStatusCode;
  const config = CONFIG_ERRORS.has(e?.name ?? "") || status === 301 || status === 403 || status === 404;
  const appError = config ? notConfigured() : AppError.of("FILE_STORAGE_UNAVAILABLE");
  return Object.assign(appError, { cause: error });
}

/**
 * One client per distinct connection (endpoint, region, path style, credentials): a pure cache
 * keyed by value, so apps and tests that share this module never see each other's settings.
 */
const clients = new Map<string, S3Client>();

function clientFor(env: AppConfigEnv, endpoint: string | undefined, region: string): S3Client {
  // MinIO, R2 and most S3-compatible servers want the bucket in the path; AWS itself, in the host.
  const forcePathStyle = env.S3_FORCE_PATH_STYLE ?? endpoint !== undefined;
  const credentials =
    env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY }
      : undefined;
  const key = JSON.stringify([endpoint, region, forcePathStyle, credentials]);
  let client = clients.get(key);
  if (!client) {
    client = new S3Client({
      region,
      endpoint,
      forcePathStyle,
      // Without explicit keys the SDK's default chain applies (an instance role on AWS).
      credentials,
      maxAttempts: 2,
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
      // Checksums only where S3 demands them: several S3-compatible servers refuse the newer
      // default (CRC32 trailers in aws-chunked bodies).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    clients.set(key, client);
  }
  return client;
}

/** The endpoint as a URL (a bare host gets https://); undefined means AWS's own; null means unusable. */
function endpointUrl(raw: string): string | undefined | null {
  const value = raw.trim();
  if (!value) return undefined;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString().replace(/\/$/, "") : null;
  } catch {
    return null;
  }
}

/**
 * An S3-compatible bucket (files_location=aws): AWS S3, Cloudflare R2, MinIO... Objects are
 * written without ACLs (most buckets refuse them today); public files are read through
 * S3_PUBLIC_URL when the bucket or a CDN exposes uploads/, else through a redirect to a signed URL;
 * private files only ever through a short-lived signed URL handed out after the owner check.
 */
export function s3FileStorage(env: AppConfigEnv, settings: S3Settings): FileStorage {
  const bucket = settings.bucket.trim();
  const endpoint = endpointUrl(settings.S3_ENDPOINT);
  const usable = bucket !== "" && endpoint !== null;
  const client = () => {
    if (!usable) throw notConfigured();
    // R2 takes "auto"; the SDK needs some region to sign with.
    return clientFor(env, endpoint ?? undefined, settings.region.trim() || "us-east-1");
  };
  const publicBase = env.S3_PUBLIC_URL?.replace(/\/$/, "");

  return {
    kind: "aws",
    async put(key, body, meta) {
      try {
        await client().send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: body,
            ContentLength: body.length,
            ContentType: meta.contentType,
            ContentDisposition: meta.downloadName ? contentDisposition(meta.downloadName) : undefined,
            // Keys are new UUIDs, never rewritten: public objects can be cached for good.
            CacheControl: meta.isPrivate ? "private, no-store" : "public, max-age=31536000, immutable",
          }),
        );
      } catch (error) {
        throw storageError(error);
      }
    },
    async remove(key) {
      try {
        await client().send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        throw storageError(error);
      }
    },
    publicSrc(key) {
      if (publicBase) return `${publicBase}/${key}`;
      return `/files/s3/${key}`;
    },
    async deliver(key, _meta, expiresInSeconds) {
      try {
        // Type, download name and caching travel with the object (set by put()); no response
        // overrides in the link: a rename does not change the download name of a stored object.
        const command = new GetObjectCommand({ Bucket: bucket, Key: key });
        return { redirect: await getSignedUrl(client(), command, { expiresIn: expiresInSeconds }) };
      } catch (error) {
        throw storageError(error);
      }
    },
  };
}

/**
 * The bucket's objects read and written whole, for backups (server/cli/backup-files.ts,
 * docs/decisions/0073): the same client and settings as the uploads.
 */
export function s3ObjectCopier(env: AppConfigEnv, settings: S3Settings) {
  const bucket = settings.bucket.trim();
  const endpoint = endpointUrl(settings.S3_ENDPOINT);
  if (!bucket || endpoint === null) return null;
  const client = clientFor(env, endpoint ?? undefined, settings.region.trim() || "us-east-1");
  return {
    bucket,
    endpoint: endpoint ?? "AWS S3",
    async get(key: string): Promise<Buffer> {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    async put(key: string, body: Buffer, contentType?: string) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentLength: body.length,
          ContentType: contentType,
        }),
      );
    },
  };
}
