/**
 * A Babel plugin for dependency-cruiser only (.dependency-cruiser.babel.json): it turns every
 * type-only import and re-export into a bare `import "x"` before the TypeScript preset strips
 * the types, so the boundary rules see type dependencies too (a module that only borrows another's
 * types still depends on it: a cycle through types is still a cycle; docs/contributing.md,
 * "Boundaries"). It never runs in the build.
 *
 * It works on Program entry, because the TypeScript transform drops type imports there too,
 * before any ImportDeclaration visitor would see them.
 */
module.exports = function keepTypeImports({ types: t }) {
  const allType = (specifiers, kind) =>
    specifiers.length > 0 && specifiers.every((specifier) => specifier[kind] === "type");
  /** Whether a statement brings in only types from another file. */
  function typeOnlySource(statement) {
    if (t.isImportDeclaration(statement)) {
      if (statement.importKind === "type" || allType(statement.specifiers, "importKind"))
        return statement.source.value;
    }
    if (t.isExportNamedDeclaration(statement) && statement.source) {
      if (statement.exportKind === "type" || allType(statement.specifiers, "exportKind"))
        return statement.source.value;
    }
    return null;
  }
  return {
    name: "keep-type-imports",
    visitor: {
      Program: {
        enter(path) {
          const sources = path.node.body.map(typeOnlySource).filter((source) => source !== null);
          for (const source of sources) {
            path.unshiftContainer("body", t.importDeclaration([], t.stringLiteral(source)));
          }
        },
      },
    },
  };
};
