/**
 * The default export of a CommonJS package, whichever way it was imported (decision 0057).
 *
 * `import X from "cjs-package"` means two things. TypeScript run by tsx (and vitest) follows the
 * package's `__esModule` flag and gives `exports.default`. Plain node running the compiled server
 * (esbuild's ESM output keeps the import as written) gives the whole `module.exports` object, so
 * a package that sets `exports.default = Class` (facturapi) arrives as `{ default: Class, ... }`
 * and `new X()` throws "X is not a constructor". A package whose `module.exports` IS the value
 * (stripe's function) arrives the same both ways. This answers the value in every case.
 */
export function cjsDefault<T>(imported: T): T {
  if (typeof imported === "function") return imported;
  const inner = (imported as { default?: unknown } | null | undefined)?.default;
  return (inner === undefined ? imported : inner) as T;
}
