import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { ZipFile } from "yazl";
import type { Db } from "../../db/client";
import {
  type ExportColumn,
  type ExportTable,
  listTables,
  nowInZone,
  readBatch,
} from "./studio-export.repository";

/**
 * "Exportar todo" (docs/decisions/0037-studio-export.md): every table the studio owns as
 * one CSV each (RFC 4180, UTF-8 with BOM, CRLF) plus manifest.json, in a ZIP written while it is
 * read: rows come in batches by primary key and each batch goes out before the next is read, so
 * the memory used does not grow with the studio. Secrets stay out (EXCLUDED_*, listed in the manifest).
 */

export const EXPORT_FORMAT_VERSION = 1;
const BATCH_ROWS = 1_000;
const BOM = "\uFEFF";

/** Whole tables left out, and why (the manifest repeats it). */
export const EXCLUDED_TABLES: Record<string, string> = {
  account: "contraseñas (hash) y tokens de acceso de cada cuenta",
  session: "tokens de sesión",
  verification: "tokens de verificación y enlaces de acceso",
};

/** Columns left out of tables that are exported, and why. */
export const EXCLUDED_COLUMNS: Record<string, Record<string, string>> = {
  customers: { ical_token: "token del calendario personal (da acceso a las reservaciones)" },
  staff_invitations: { token_hash: "hash del token de invitación" },
  checkout_attempts: {
    client_secret: "secreto del procesador de pagos para completar el cobro",
    response: "respuesta guardada del cobro (incluye el secreto del procesador)",
  },
  payment_sources: { source_id: "identificador de la tarjeta en el procesador (permite cobrarla)" },
  webhook_events: { payload: "cuerpo del aviso del procesador (puede incluir secretos de pago)" },
  email_outbox: {
    html: "cuerpo del correo (puede incluir enlaces de acceso)",
    text: "cuerpo del correo (puede incluir enlaces de acceso)",
    attachments: "adjuntos del correo",
  },
  membership_freezes: { fee_card_ref: "identificador de la tarjeta en el procesador (permite cobrarla)" },
  kiosk_sessions: {
    token_hash: "hash del token del kiosco",
    pin_hash: "hash del PIN del kiosco",
  },
  aggregator_settings: {
    api_key: "credencial de la plataforma (Wellhub o TotalPass)",
    webhook_secret: "secreto con que la plataforma firma sus avisos",
  },
  push_subscriptions: { auth: "secreto de la suscripción push del navegador" },
  gift_cards: { code_hash: "hash del código de la tarjeta de regalo" },
};

export type ExportedFile = {
  file: string;
  table: string;
  columns: ExportColumn[];
  rows: number;
  bytes: number;
  sha256: string;
};

export type StudioExportManifest = {
  format_version: number;
  app: { name: string; version: string };
  exported_at: string;
  studio: { name: string; timezone: string };
  consistency: "snapshot" | "table_by_table";
  csv: Record<string, string>;
  files: ExportedFile[];
  excluded: {
    tables: { table: string; reason: string }[];
    columns: { table: string; column: string; reason: string }[];
  };
};

/** The tables and columns that go out, in name order. */
export async function exportedTables(db: Db): Promise<{ table: ExportTable; columns: ExportColumn[] }[]> {
  const tables = await listTables(db);
  return tables
    .filter((t) => !(t.table in EXCLUDED_TABLES))
    .map((table) => {
      const excluded = EXCLUDED_COLUMNS[table.table] ?? {};
      if (table.key.length === 0) throw new Error(`La tabla ${table.table} no tiene llave primaria`);
      return { table, columns: table.columns.filter((c) => !(c.name in excluded)) };
    })
    .sort((a, b) => a.table.table.localeCompare(b.table.table));
}

/** One CSV field (RFC 4180): quoted when it must be; null is an empty field, "" an empty text. */
export function csvField(value: string | null): string {
  if (value === null) return "";
  if (value === "" || /[",\r\n]/.test(value)) return `"${value.replaceAll('"', '""')}"`;
  return value;
}

const csvLine = (values: (string | null)[]) => `${values.map(csvField).join(",")}\r\n`;

/** A table's CSV as chunks of one batch each, counting rows and hashing bytes as they go. */
async function* tableCsv(
  db: Db,
  table: ExportTable,
  columns: ExportColumn[],
  timeZone: string,
  file: ExportedFile,
): AsyncGenerator<Buffer> {
  const hash = createHash("sha256");
  const emit = (text: string) => {
    const chunk = Buffer.from(text, "utf8");
    hash.update(chunk);
    file.bytes += chunk.length;
    return chunk;
  };
  yield emit(BOM + csvLine(columns.map((c) => c.name)));
  let after: unknown[] | null = null;
  for (;;) {
    const batch = await readBatch(db, table, columns, timeZone, after, BATCH_ROWS);
    if (batch.length === 0) break;
    file.rows += batch.length;
    after = batch[batch.length - 1]!.key;
    yield emit(batch.map((row) => csvLine(row.values)).join(""));
    if (batch.length < BATCH_ROWS) break;
  }
  file.sha256 = hash.digest("hex");
}

export type StudioExport = {
  /** The ZIP's bytes, as they are made. */
  stream: Readable;
  /** Resolves with the manifest when the last byte is written; rejects if the download stopped. */
  done: Promise<StudioExportManifest>;
};

/**
 * Starts the export: the ZIP's stream is returned at once and filled table after table.
 * `withReader` gives the database to read from for the whole export (a read-only snapshot
 * transaction on PostgreSQL, the pool itself on PGlite: studio-export.routes.ts). Destroying the
 * stream (the client went away) stops the reading and rejects `done`.
 */
export function startStudioExport(
  withReader: <T>(read: (db: Db) => Promise<T>) => Promise<T>,
  studio: {
    name: string;
    timezone: string;
    appVersion: string;
    consistency: StudioExportManifest["consistency"];
  },
): StudioExport {
  const zip = new ZipFile();
  // A PassThrough in yazl; its types say only ReadableStream.
  const output = zip.outputStream as Readable;
  let current: Readable | null = null;
  let stopped: Error | null = null;
  output.on("close", () => {
    stopped ??= new Error("La descarga se interrumpió");
    current?.destroy(stopped);
  });
  output.on("error", (error) => {
    stopped ??= error;
    current?.destroy(error);
  });

  const done = withReader(async (db) => {
    const exportedAt = await nowInZone(db, studio.timezone);
    const files: ExportedFile[] = [];
    for (const { table, columns } of await exportedTables(db)) {
      if (stopped) throw stopped;
      const file: ExportedFile = {
        file: `${table.table}.csv`,
        table: table.table,
        columns,
        rows: 0,
        bytes: 0,
        sha256: "",
      };
      files.push(file);
      const csv = Readable.from(tableCsv(db, table, columns, studio.timezone, file), { objectMode: false });
      current = csv;
      zip.addReadStream(csv, file.file, { mtime: new Date(exportedAt) });
      // The next table is read only once this one has gone into the ZIP (and out, at the client's pace).
      await finished(csv);
    }
    current = null;
    const manifest = manifestOf(studio, exportedAt, files);
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, "utf8"), "manifest.json", {
      mtime: new Date(exportedAt),
    });
    zip.end();
    return manifest;
  });
  done.catch((error) => {
    // A failure halfway ends the download broken (the client sees it cut), never a half ZIP passed as whole.
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { stream: output, done };
}

function manifestOf(
  studio: {
    name: string;
    timezone: string;
    appVersion: string;
    consistency: StudioExportManifest["consistency"];
  },
  exportedAt: string,
  files: ExportedFile[],
): StudioExportManifest {
  return {
    format_version: EXPORT_FORMAT_VERSION,
    app: { name: "estudio", version: studio.appVersion },
    exported_at: exportedAt,
    studio: { name: studio.name, timezone: studio.timezone },
    consistency: studio.consistency,
    csv: {
      standard: "RFC 4180",
      encoding: "UTF-8 con BOM",
      delimiter: ",",
      line_ending: "CRLF",
      header: "primera línea: nombres de las columnas",
      null: 'campo vacío sin comillas; un texto vacío es ""',
      timestamps: `ISO 8601 con la diferencia horaria de ${studio.timezone} en ese instante`,
      dates: "AAAA-MM-DD",
      numbers: "decimales con punto, tal como se guardan (el dinero en pesos con dos decimales)",
      json: "columnas JSON y listas como texto JSON",
      booleans: "true / false",
    },
    files,
    excluded: {
      tables: Object.entries(EXCLUDED_TABLES).map(([table, reason]) => ({ table, reason })),
      columns: Object.entries(EXCLUDED_COLUMNS).flatMap(([table, columns]) =>
        Object.entries(columns).map(([column, reason]) => ({ table, column, reason })),
      ),
    },
  };
}
