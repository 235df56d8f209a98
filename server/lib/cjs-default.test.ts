import { createRequire } from "node:module";
import Facturapi from "facturapi";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { cjsDefault } from "./cjs-default";

const require = createRequire(import.meta.url);

describe("cjsDefault (decision 0057)", () => {
  it("answers the class as tsx imports it (the default export itself)", () => {
    class Sdk {}
    expect(cjsDefault(Sdk)).toBe(Sdk);
  });

  it("answers the class as plain node imports it (module.exports with a default)", () => {
    class Sdk {}
    expect(cjsDefault({ default: Sdk, CancellationMotive: {} })).toBe(Sdk);
  });

  it("makes facturapi constructible from module.exports, which is what the compiled server gets", () => {
    // Plain node's `import X from "facturapi"` is require("facturapi") (its main is CommonJS).
    const nodeShape = require("facturapi");
    expect(typeof nodeShape).toBe("object");
    const Client = cjsDefault(nodeShape as typeof Facturapi);
    expect(typeof new Client("sk_test_x").invoices.create).toBe("function");
    // And as this test imports it (tsx / vitest).
    expect(typeof new (cjsDefault(Facturapi))("sk_test_x").invoices.create).toBe("function");
  });

  it("leaves a package whose module.exports is the function as it is (stripe)", () => {
    expect(cjsDefault(require("stripe"))).toBe(require("stripe"));
    expect(typeof cjsDefault(Stripe)).toBe("function");
  });

  it("leaves an object without a default as it is (nodemailer)", () => {
    const mod = { createTransport: () => null };
    expect(cjsDefault(mod)).toBe(mod);
  });
});
