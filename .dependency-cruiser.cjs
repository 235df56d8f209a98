/**
 * The boundaries between the app's parts, checked by `npm run lint` (dependency-cruiser).
 * docs/contributing.md ("Boundaries") says the same in prose, with an example of each rule.
 *
 * How it reads the code: TypeScript 7 has no JavaScript API, so dependency-cruiser strips the
 * types with Babel (.dependency-cruiser.babel.json; `import type` lines go, every other import
 * stays) and reads the imports with its own parser. scripts/lint/babel-keep-type-imports.cjs first turns
 * each type-only import into a bare import, so the rules see type dependencies as well. @swc/core is installed only so that
 * dependency-cruiser counts .ts and .tsx files as readable.
 */
module.exports = {
  forbidden: [
    {
      name: "repository-only-in-its-module",
      comment:
        "A repository is its module's private access to the tables. Another module reaches the data " +
        "through the owning module's service (server/modules/<domain>/*.service.ts), so the rules about " +
        "that data stay in one place.",
      // Enforced since November 2026: no module reads another's repository. A new
      // need goes through the owner's service (it may re-export the repository function).
      severity: "error",
      from: { path: "^server/modules/([^/]+)/" },
      to: { path: "^server/modules/[^/]+/.+\\.repository\\.ts$", pathNot: "^server/modules/$1/" },
    },
    {
      name: "no-cycle-between-modules",
      comment:
        "Modules depend on each other in one direction only (A uses B, so B never uses A, not even " +
        "through C): each module can be understood, tested and changed from the ones below it.",
      // Enforced since November 2026: no cycle is left. Counted by folder, so every
      // file counts (tests too) and for its parent folders as well: tests' shared helpers live in
      // server/test, and server/plugins, which every module uses, uses no module but the mail
      // templates (which use none).
      severity: "error",
      scope: "folder",
      from: { path: "^server/modules/[^/]+$" },
      to: { path: "^server/modules/[^/]+$", circular: true, viaOnly: { path: "^server/modules/[^/]+$" } },
    },
    {
      name: "shared-web-code-imports-no-feature",
      comment:
        "web/lib and web/components are used by every feature; they never depend on one (the back " +
        "office's shared kit lives in web/components/admin).",
      severity: "error",
      from: { path: "^web/(lib|components)/" },
      to: { path: "^web/features/" },
    },
    {
      name: "feature-reaches-another-only-through-its-public-file",
      comment:
        "A feature (web/features/<name>) imports another feature only through that feature's " +
        "public.ts, the short list of what it offers to the others (auth: sign-in forms; packages: " +
        "the package card; fiscal: the fiscal data card). web/app, the shell, composes features freely.",
      severity: "error",
      from: { path: "^web/features/([^/]+)/" },
      to: {
        path: "^web/features/[^/]+/",
        pathNot: ["^web/features/$1/", "^web/features/[^/]+/public\\.ts$"],
      },
    },
    {
      name: "only-the-shell-imports-the-shell",
      comment:
        "web/app is the shell (router, providers, layouts) that composes the features; features, " +
        "web/lib and web/components never import it, so the layers point one way (as in " +
        "bulletproof-react): a feature moves or is tested without the whole app.",
      severity: "error",
      from: { path: "^web/(features|lib|components)/" },
      to: { path: "^web/app/" },
    },
    {
      name: "web-never-imports-server",
      comment: "The browser bundle talks to the server over HTTP only; shared code lives in domain/.",
      severity: "error",
      from: { path: "^web/" },
      to: { path: "^server/" },
    },
    {
      name: "domain-imports-neither-server-nor-web",
      comment: "domain/ is pure code both sides use: it depends on neither.",
      severity: "error",
      from: { path: "^domain/" },
      to: { path: "^(server|web)/" },
    },
    {
      name: "production-code-imports-no-test-double",
      comment:
        "Providers' doubles and test fixtures live in test/ (decision 0132), outside the folders the " +
        "production build bundles; only tests (*.test.ts, server/test, a module's test-support/ set-up, the commerce model) use them.",
      severity: "error",
      from: {
        path: "^(server|domain|web)/",
        pathNot: ["\\.test\\.tsx?$", "/test-support/", "^server/test/", "^server/commerce-model"],
      },
      to: { path: "^test/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist|data|\\.tmp)/" },
    babelConfig: { fileName: ".dependency-cruiser.babel.json" },
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"] },
    // Unchanged files are not read again (git tells which changed): a second run takes seconds.
    cache: { folder: "node_modules/.cache/dependency-cruiser", strategy: "metadata" },
  },
};
