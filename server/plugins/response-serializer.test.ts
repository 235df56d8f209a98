import { serializerCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isoDate } from "../../domain/api/wire";
import { responseSerializerCompiler, sameBothWays } from "./response-serializer";

const serializerFor = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: "GET", url: "/api/x", httpStatus: "200" } as never) as (
    data: unknown,
  ) => string;

describe("response serializer", () => {
  it("answers only the declared fields and refuses an answer that breaks its schema", () => {
    const serialize = serializerFor(
      z.object({ id: z.number(), items: z.array(z.object({ name: z.string() })) }),
    );
    expect(serialize({ id: 1, secret: "x", items: [{ name: "a", token: "t" }] })).toBe(
      '{"id":1,"items":[{"name":"a"}]}',
    );
    expect(() => serialize({ id: "1", items: [] })).toThrow();
  });

  it("encodes codecs: a Date leaves as its ISO text", () => {
    const serialize = serializerFor(z.object({ at: isoDate, extra: z.string().optional() }));
    expect(serialize({ at: new Date("2026-11-25T12:00:00Z"), other: 1 })).toBe(
      '{"at":"2026-11-25T12:00:00.000Z"}',
    );
  });

  it("checks with parse only the schemas that parse and encode alike", () => {
    expect(
      sameBothWays(z.object({ a: z.string().nullable(), b: z.array(z.union([z.number(), z.literal("x")])) })),
    ).toBe(true);
    expect(
      sameBothWays(
        z.discriminatedUnion("k", [z.object({ k: z.literal("a") }), z.object({ k: z.literal("b") })]),
      ),
    ).toBe(true);
    expect(sameBothWays(z.object({ at: isoDate }))).toBe(false);
    expect(sameBothWays(z.object({ n: z.number().default(1) }))).toBe(false);
    expect(sameBothWays(z.object({ n: z.string().transform((v) => v.length) }))).toBe(false);
    expect(sameBothWays(z.array(z.object({ n: z.lazy(() => z.string()) })))).toBe(false);
  });

  it("gives the library's encoding answer (or refusal) for every kind of schema", () => {
    const cases: [z.ZodType, unknown][] = [
      [z.object({ n: z.number().default(5), s: z.string() }), { s: "a" }],
      [z.object({ n: z.number().default(5), s: z.string() }), { n: 2, s: "a" }],
      [z.object({ at: isoDate.nullable() }), { at: null, x: 1 }],
      [z.object({ k: z.enum(["a", "b"]), m: z.record(z.string(), z.number()) }), { k: "a", m: { x: 1 } }],
      [z.object({ k: z.enum(["a", "b"]) }), { k: "c" }],
      [
        z.discriminatedUnion("k", [
          z.object({ k: z.literal("a"), v: z.number() }),
          z.object({ k: z.literal("b") }),
        ]),
        { k: "a", v: 1, w: 2 },
      ],
    ];
    for (const [schema, data] of cases) {
      const ours = serializerFor(schema);
      const theirs = serializerCompiler({ schema, method: "GET", url: "/api/x" } as never) as (
        d: unknown,
      ) => string;
      const run = (serialize: (d: unknown) => string) => {
        try {
          return serialize(data);
        } catch {
          return "refused";
        }
      };
      expect(run(ours)).toBe(run(theirs));
    }
  });
});
