import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { AppConfig } from "../../../domain/app-config";
import { requireAdmin } from "../../auth/auth";

/**
 * One report route declared once (decision 0078): its contract (query, answer), who may read it
 * (requireAdmin, resolved through domain/staff-permissions.ts like every back-office route) and
 * its spreadsheet (file name, columns in reports.service.ts). `declareReport` registers the JSON
 * route at `/reportes/<path>` and the same table as CSV at `/reportes/<path>/csv`.
 */
export type ReportSpec<Q extends z.ZodType | undefined, R> = {
  path: string;
  summary: string;
  /** Absent for a report with no period (the liability is "as of now"). */
  query?: Q;
  answer: z.ZodType;
  run: (query: Q extends z.ZodType ? z.infer<Q> : undefined, config: AppConfig) => Promise<R>;
  csv: {
    /** Defaults to `<summary> (CSV)`. */
    summary?: string;
    /** What the CSV answer holds, for the OpenAPI description. */
    what: string;
    file: (query: Q extends z.ZodType ? z.infer<Q> : undefined) => string;
    /** The CSV's text, or its pieces for a whole list, which the answer then streams (docs/decisions/0141). */
    table: (answer: R, timeZone: string) => string | Iterable<string>;
    /** What the CSV reads when not `run`'s answer: a drill-down's whole list, not one page (decision 0138). */
    run?: (query: Q extends z.ZodType ? z.infer<Q> : undefined, config: AppConfig) => Promise<R>;
  };
};

type App = Parameters<FastifyPluginAsyncZod>[0];
const tags = ["reportes"];

function sendCsv(reply: FastifyReply, filename: string, csv: string | Iterable<string>) {
  reply.header("content-disposition", `attachment; filename="${filename}.csv"`);
  reply.header("cache-control", "no-store");
  const body = typeof csv === "string" ? csv : Readable.from(csv, { objectMode: false });
  return reply.type("text/csv; charset=utf-8").send(body);
}

/** Lets a spec's types flow from its query to its run and csv (no cast at the declaration). */
export const reportSpec = <Q extends z.ZodType | undefined, R>(spec: ReportSpec<Q, R>) => spec;

export function declareReport<Q extends z.ZodType | undefined, R>(app: App, spec: ReportSpec<Q, R>) {
  type Query = Q extends z.ZodType ? z.infer<Q> : undefined;
  const config = () => app.appConfig.get();
  const querystring = spec.query ? { querystring: spec.query } : {};
  app.get(
    `/reportes/${spec.path}`,
    {
      preHandler: requireAdmin,
      schema: { tags, summary: spec.summary, ...querystring, response: { 200: spec.answer } },
    },
    async (request) => spec.run(request.query as Query, await config()),
  );
  app.get(
    `/reportes/${spec.path}/csv`,
    {
      preHandler: requireAdmin,
      schema: {
        tags,
        summary: spec.csv.summary ?? `${spec.summary} (CSV)`,
        ...querystring,
        documentedAnswer: { description: `${spec.csv.what} (CSV)`, contentTypes: ["text/csv"] },
      },
    },
    async (request, reply) => {
      const c = await config();
      const query = request.query as Query;
      const answer = await (spec.csv.run ?? spec.run)(query, c);
      return sendCsv(reply, spec.csv.file(query), spec.csv.table(answer, c.timezone));
    },
  );
}
