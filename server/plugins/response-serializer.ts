import type { FastifySerializerCompiler } from "fastify/types/schema";
import { InvalidSchemaError, ResponseSerializationError } from "fastify-type-provider-zod";
import { $ZodType, safeEncode, safeParse } from "zod/v4/core";

/**
 * The answers' serializer: every answer is checked against its declared schema and loses any
 * field the schema does not declare (a field added to a row never leaks), then JSON.stringify.
 *
 * fastify-type-provider-zod does that with `safeEncode` for every schema. Encoding is the right
 * direction for the schemas that hold a codec (isoDate: a Date in, its ISO text out), but zod
 * encodes in two passes (a first pass without checks, then the checks and a second pass) and
 * without the compiled fast path that `safeParse` uses for objects: in the running app the
 * smallest signed-in answer spent about a fifth of its CPU there (decision 0042). For a schema with
 * nothing that works differently in the two directions (no codec, pipe or transform, no default
 * or catch, nothing lazy) decoding and encoding accept the same values and give the same output,
 * so those schemas are checked with `safeParse`; the others keep `safeEncode`.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const zodSchema = resolveSchema(schema);
  const check = sameBothWays(zodSchema) ? safeParse : safeEncode;
  return (data) => {
    const result = check(zodSchema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

function resolveSchema(maybeSchema: unknown): $ZodType {
  if (maybeSchema instanceof $ZodType) return maybeSchema;
  const properties = (maybeSchema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new InvalidSchemaError(JSON.stringify(maybeSchema));
}

/** Types whose values are checked the same way in both directions and that hold no schema. */
const LEAVES = new Set([
  "string",
  "number",
  "int",
  "boolean",
  "bigint",
  "symbol",
  "null",
  "undefined",
  "void",
  "never",
  "any",
  "unknown",
  "date",
  "literal",
  "enum",
  "template_literal",
  "nan",
  "file",
  "custom",
]);

type Def = {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  options?: $ZodType[];
  left?: $ZodType;
  right?: $ZodType;
  keyType?: $ZodType;
  valueType?: $ZodType;
  items?: $ZodType[];
  rest?: $ZodType | null;
};

/**
 * Whether `schema` validates and outputs the same in both directions: built only of leaves,
 * objects, arrays, optional and nullable wrappers, unions, intersections, records, maps, sets and
 * tuples of such. Anything else (pipe and codec, transform, default, prefault, catch, readonly,
 * success, lazy, promise, a type zod adds later) answers false and keeps encoding.
 */
export function sameBothWays(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = schema._zod.def as Def;
  const all = (schemas: ($ZodType | null | undefined)[]) =>
    schemas.every((child) => child === null || child === undefined || sameBothWays(child, seen));
  switch (def.type) {
    case "object":
      return all([...Object.values(def.shape ?? {}), def.catchall]);
    case "array":
      return all([def.element]);
    case "optional":
    case "nullable":
    case "nonoptional":
      return all([def.innerType]);
    case "union":
      return all(def.options ?? []);
    case "intersection":
      return all([def.left, def.right]);
    case "record":
    case "map":
      return all([def.keyType, def.valueType]);
    case "set":
      return all([def.valueType]);
    case "tuple":
      return all([...(def.items ?? []), def.rest]);
    default:
      return LEAVES.has(def.type);
  }
}
