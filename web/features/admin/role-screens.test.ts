import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { STAFF_ROLES } from "../../../domain/staff";
import { ACTION_READS, STAFF_ACTIONS, type StaffAction } from "../../../domain/staff-actions";
import { PERMISSIONS, roleMayCall } from "../../../domain/staff-permissions";
import { ADMIN_NAV, EXTRA_SCREENS, pathAllowed } from "./nav";

/**
 * Every admin screen for every role shows no control whose route answers 403 (decision 0070).
 *
 * The screens are read from the router's admin routes (web/app/routes/admin-routes.ts), the roles
 * that reach each one from nav.ts (the admin layout sends a role elsewhere when pathAllowed says
 * no), and what each screen calls from
 * its source: every `api.get/post/put/delete(...)` and every "/api/..." link in the files the
 * screen's page imports, directly or through other files. Each call is matched to the key the
 * server's permissions table uses (domain/staff-permissions.ts, the table requireAdmin enforces
 * and server/security/route-access.test.ts checks route by route). A call a role that reaches the
 * screen may not make must be behind `can("<action>")` (web/lib/staff-permissions.ts) for the
 * action STAFF_ACTIONS names with that very key: in the calling file, or in a file that every
 * import path from the page to the calling file goes through (the button that opens the form).
 * e2e/role-screens.test.ts walks the same screens in Chromium and listens for 403s.
 */

const ROOT = resolve(__dirname, "../../..");
const WEB = join(ROOT, "web");

/** `key`: the table route a call reaches; null with `maybe` empty: not a back-office route. */
type Call = { key: string | null; maybe: string[]; raw: string; owner: string | null };

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return walk(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const FILES = walk(WEB);
const SOURCE = new Map(FILES.map((file) => [file, readFileSync(file, "utf8")]));
const rel = (file: string) => relative(ROOT, file);

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    if (SOURCE.has(candidate)) return candidate;
  }
  return null;
}

/**
 * Imports that bring data only: the Bitácora names a catalogue field with the catalogue form's own
 * label (CATALOGUE_FIELD_LABELS), and renders none of the catalogue's screens or calls.
 */
const DATA_ONLY_IMPORTS: Record<string, string[]> = {
  "web/features/admin/components/audit-table.tsx": ["../../admin-catalogue/public"],
};

const importsCache = new Map<string, string[]>();
/** The web files a file imports (static and dynamic), inside web/. */
function importsOf(file: string): string[] {
  const known = importsCache.get(file);
  if (known) return known;
  const found = readImports(file);
  importsCache.set(file, found);
  return found;
}

function readImports(file: string): string[] {
  const text = SOURCE.get(file) ?? "";
  const dataOnly = DATA_ONLY_IMPORTS[rel(file)] ?? [];
  const specs = [...text.matchAll(/(?:from|import\()\s*"([^"]+)"/g)].map((m) => m[1]!);
  return specs
    .filter((spec) => !dataOnly.includes(spec))
    .map((spec) => resolveImport(file, spec))
    .filter((f): f is string => f !== null);
}

const KEYS = Object.keys(PERMISSIONS).map((key) => {
  const [method, path] = key.split(" ") as [string, string];
  return { key, method, segments: path.split("/").slice(1) };
});

/**
 * The table's keys a call may reach: same method, same number of segments, a `${...}` of the call
 * standing for a ":param" of the key or, when no key has a parameter there, for any word (the
 * lists' `/admin/lists/${path}`). Static segments that match beat parameters (so
 * "/facturas/admin/global" is its own route, not ":id"). None: not a back-office route (a
 * customer's or a public one).
 */
function keysOf(method: string, path: string): string[] {
  const clean = path.split("?")[0]!.replace(/\$\{[^}]*\}/g, "\u0000");
  const segments = `/api${clean}`.split("/").slice(1);
  let best: { keys: string[]; score: number } = { keys: [], score: -1 };
  for (const candidate of KEYS) {
    if (candidate.method !== method || candidate.segments.length !== segments.length) continue;
    let score = 0;
    let matches = true;
    candidate.segments.forEach((segment, i) => {
      const mine = segments[i]!;
      if (segment === mine) score += 3;
      else if (segment.startsWith(":") && (mine.includes("\u0000") || /^\w[\w-]*$/.test(mine))) score += 2;
      else if (mine === "\u0000") score += 1;
      else matches = false;
    });
    if (!matches || score < best.score) continue;
    best =
      score > best.score ? { keys: [candidate.key], score } : { keys: [...best.keys, candidate.key], score };
  }
  return best.keys;
}

/** The function (or const) each offset of a file belongs to: the last top-level one before it. */
function ownerAt(text: string, offset: number): string | null {
  let owner: string | null = null;
  for (const m of text.matchAll(/^(?:export )?(?:async )?(?:function\*? |const )(\w+)/gm)) {
    if ((m.index ?? 0) > offset) break;
    owner = m[1]!;
  }
  return owner;
}

/** Every API call and /api link in a file. `key` null with a dynamic path: see UNRESOLVED. */
function callsIn(file: string): Call[] {
  const text = SOURCE.get(file) ?? "";
  const calls: Call[] = [];
  for (const m of text.matchAll(/\bapi\.(get|post|put|delete|patch)\b/g)) {
    let i = (m.index ?? 0) + m[0].length;
    let depth = 0;
    for (; i < text.length; i++) {
      const ch = text[i];
      if (ch === "<") depth++;
      else if (ch === ">") depth--;
      else if (ch === "(" && depth === 0) break;
    }
    const rest = text.slice(i + 1).trimStart();
    const literal = /^(["`])((?:\\.|(?!\1)[^\\])*)\1/.exec(rest);
    const method = m[1]!.toUpperCase();
    const owner = ownerAt(text, m.index ?? 0);
    if (!literal) {
      const raw = /^[\w.]+/.exec(rest)?.[0] ?? "?";
      calls.push({ key: null, maybe: ["*"], raw: `${method} <${raw}>`, owner });
      continue;
    }
    const keys = keysOf(method, literal[2]!);
    calls.push({
      key: keys.length === 1 ? keys[0]! : null,
      maybe: keys.length > 1 ? keys : [],
      raw: `${method} ${literal[2]}`,
      owner,
    });
  }
  for (const m of text.matchAll(/"\/api(\/[^"]*)"/g)) {
    const keys = keysOf("GET", m[1]!);
    if (keys.length === 1)
      calls.push({ key: keys[0]!, maybe: [], raw: `GET /api${m[1]}`, owner: ownerAt(text, m.index ?? 0) });
  }
  return calls;
}

/**
 * Calls whose path is a variable: the catalogue's and the lists' shared CRUD hooks, whose paths
 * come from their screen's definition. Those screens are owner and manager only (checked below),
 * and the manager may call every table route but the owner's (checked below too).
 */
const UNRESOLVED_ALLOWED = new Set([
  "web/features/admin-catalogue/api.ts",
  "web/features/admin-schedule/api.ts",
  "web/features/admin-lists/api.ts",
  "web/lib/api-client.ts",
]);

/** The screens of web/app/routes/admin-routes.ts (the router's /admin), with a path that opens each. */
function adminScreens(): { path: string; page: string }[] {
  const file = join(WEB, "app/routes/admin-routes.ts");
  const block = SOURCE.get(file)!;
  const screens: { path: string; page: string }[] = [];
  for (const m of block.matchAll(
    /(index: true|path: "([^"]+)"),\s*lazy: page\(\s*\(\) => import\("([^"]+)"\)/g,
  )) {
    const page = resolveImport(file, m[3]!)!;
    const route = m[2] ?? "";
    if (route === "catalogo/:slug?") {
      for (const child of ADMIN_NAV.flatMap((item) => item.children ?? []))
        screens.push({ path: child.to, page });
      continue;
    }
    screens.push({ path: `/admin${route ? `/${route.replace(/:\w+/g, "7")}` : ""}`, page });
  }
  return screens;
}

function closureOf(page: string): Set<string> {
  const seen = new Set<string>([page]);
  const queue = [page];
  while (queue.length > 0) {
    for (const next of importsOf(queue.pop()!)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/** Whether the page still reaches `target` when the files that gate with `can("<action>")` are removed. */
function reachableAround(page: string, target: string, gates: Set<string>): boolean {
  if (gates.has(page)) return false;
  const seen = new Set([page]);
  const queue = [page];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (file === target) return true;
    for (const next of importsOf(file)) {
      if (!seen.has(next) && !gates.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}

const declarationsCache = new Map<string, { name: string; body: string }[]>();
/** A file's top-level declarations with their text (to the next one). */
function declarations(file: string): { name: string; body: string }[] {
  const known = declarationsCache.get(file);
  if (known) return known;
  const found = readDeclarations(file);
  declarationsCache.set(file, found);
  return found;
}

function readDeclarations(file: string): { name: string; body: string }[] {
  const text = SOURCE.get(file) ?? "";
  const starts = [...text.matchAll(/^(?:export )?(?:async )?(?:function\*? |const )(\w+)/gm)];
  return starts.map((m, i) => ({
    name: m[1]!,
    body: text.slice(m.index ?? 0, starts[i + 1]?.index ?? text.length),
  }));
}

const isComponent = (name: string) => /^[A-Z]/.test(name) && !/^[A-Z0-9_]+$/.test(name);

/**
 * The declarations a screen uses, as "file#name": the page's, then every component, hook, helper
 * or definition a used declaration names, in its own file or in a file that imports it.
 */
function usedDeclarations(within: Set<string>): Set<string> {
  const used = new Set<string>();
  const decls = new Map([...within].map((file) => [file, declarations(file)]));
  const page = [...within][0]!;
  for (const d of decls.get(page)!) used.add(`${page}#${d.name}`);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [file, list] of decls) {
      for (const d of list) {
        const id = `${file}#${d.name}`;
        if (used.has(id)) continue;
        const called = new RegExp(`\\b${d.name}\\b`);
        const users = [file, ...[...within].filter((other) => importsOf(other).includes(file))];
        const by = users.some((user) =>
          decls
            .get(user)!
            .some((u) => u.name !== d.name && used.has(`${user}#${u.name}`) && called.test(u.body)),
        );
        if (by) {
          used.add(id);
          grew = true;
        }
      }
    }
  }
  return used;
}

/** The components that reach a hook or helper: where its control is drawn. */
function controlFiles(file: string, name: string, within: Set<string>, used: Set<string>): string[] {
  if (isComponent(name)) return [file];
  const found = new Set<string>();
  const seen = new Set<string>();
  const queue: [string, string][] = [[file, name]];
  while (queue.length > 0) {
    const [f, n] = queue.pop()!;
    const called = new RegExp(`\\b${n}\\b`);
    for (const user of [f, ...[...within].filter((other) => importsOf(other).includes(f))]) {
      for (const u of declarations(user)) {
        const id = `${user}#${u.name}`;
        if (u.name === n || !used.has(id) || seen.has(id) || !called.test(u.body)) continue;
        seen.add(id);
        if (isComponent(u.name)) found.add(user);
        else queue.push([user, u.name]);
      }
    }
  }
  return [...found];
}

/** The actions whose control leads to a route: the action's own, or a read its form makes. */
function actionsOfKey(key: string): string[] {
  return Object.entries(STAFF_ACTIONS)
    .filter(([action, route]) => route === key || (ACTION_READS[action as StaffAction] ?? []).includes(key))
    .map(([action]) => action);
}
const gatesFor = (actions: string[]) =>
  new Set(FILES.filter((file) => actions.some((action) => SOURCE.get(file)!.includes(`can("${action}")`))));

/**
 * The paths used callers pass to a hook whose call's path is its first parameter, as table keys;
 * null when the path is not the hook's first parameter.
 */
function literalArguments(file: string, call: Call, within: Set<string>, used: Set<string>): string[] | null {
  const decl = declarations(file).find((d) => d.name === call.owner);
  const param = decl && /^[^(]*\(\s*(\w+)/.exec(decl.body)?.[1];
  if (!decl || !param || call.raw !== `${call.raw.split(" ")[0]} <${param}>`) return null;
  const method = call.raw.split(" ")[0]!;
  const keys: string[] = [];
  for (const user of [file, ...[...within].filter((other) => importsOf(other).includes(file))]) {
    for (const u of declarations(user)) {
      if (!used.has(`${user}#${u.name}`)) continue;
      for (const m of u.body.matchAll(new RegExp(`\\b${call.owner}\\(\\s*"([^"]+)"`, "g")))
        keys.push(...keysOf(method, m[1]!));
    }
  }
  return keys;
}

/** The route a screen is for (its nav link's or extra screen's). */
function screenRoute(path: string): string | undefined {
  const items = ADMIN_NAV.flatMap((item) => [...(item.children ?? []), item]);
  const matching = items
    .filter((item) => path === item.to || path.startsWith(`${item.to}/`))
    .sort((a, b) => b.to.length - a.to.length);
  return EXTRA_SCREENS.find((screen) => screen.pattern.test(path))?.route ?? matching[0]?.route;
}

describe("every admin screen for every role: no control that answers 403 (decision 0070)", () => {
  const screens = adminScreens();

  it("reads the router's admin screens and the calls they make", () => {
    expect(screens.length).toBeGreaterThanOrEqual(30);
    const calls = FILES.flatMap((file) => callsIn(file).filter((c) => c.key));
    expect(calls.length).toBeGreaterThan(80);
  });

  it("every nav link and extra screen names a route of the table (or, unlisted, owner and manager's)", () => {
    const routes = [...ADMIN_NAV.flatMap((item) => [item, ...(item.children ?? [])]), ...EXTRA_SCREENS].map(
      (item) => item.route,
    );
    // "POST /api/files" is any signed-in person's upload, not a table route; the studio's file
    // library is the owner's and the manager's, the table's default for an unlisted route.
    expect(routes.filter((route) => !(route in PERMISSIONS) && route !== "POST /api/files")).toEqual([]);
  });

  it("every action the web gates is a table route that a web file calls", () => {
    const called = new Set(FILES.flatMap((file) => callsIn(file).map((c) => c.key)));
    for (const [action, key] of Object.entries(STAFF_ACTIONS)) {
      expect(PERMISSIONS[key], action).toBeDefined();
      expect(called.has(key), `${action}: ${key}`).toBe(true);
    }
  });

  it("the manager is refused only the owner's routes, which no hook with a variable path names", () => {
    const managerRefused = Object.keys(PERMISSIONS).filter((key) => !roleMayCall("manager", key));
    expect(managerRefused.every((key) => PERMISSIONS[key]!.roles.length === 0)).toBe(true);
    const problems: string[] = [];
    for (const file of UNRESOLVED_ALLOWED) {
      const text = SOURCE.get(join(ROOT, file)) ?? "";
      for (const key of managerRefused) {
        const path = key
          .split(" ")[1]!
          .replace(/^\/api/, "")
          .replace(/\/:.*$/, "");
        if (text.includes(`"${path}`)) problems.push(`${file} names ${key}`);
      }
    }
    expect(problems).toEqual([]);
  });

  for (const role of STAFF_ROLES.filter((r) => r !== "owner")) {
    it(`${role}: every call of every screen it opens is allowed, or drawn behind can() with that route`, () => {
      const problems: string[] = [];
      let checked = 0;
      for (const screen of screens.filter((s) => pathAllowed(role, s.path))) {
        const within = closureOf(screen.page);
        const used = usedDeclarations(within);
        for (const file of within) {
          for (const call of callsIn(file)) {
            if (call.key === null && call.maybe.length === 0) continue;
            if (call.owner && !used.has(`${file}#${call.owner}`)) continue;
            checked++;
            if (call.key === null) {
              // A path built from a variable: the shared list and CRUD hooks. Fine when it is the
              // screen's own route (pathAllowed gave it to this role) or all it may reach is allowed.
              const variable = call.maybe[0] === "*";
              const own = screenRoute(screen.path) ?? "";
              const passed = variable ? literalArguments(file, call, within, used) : null;
              if (passed) {
                // A hook that takes its path as an argument (`useOptions("/admin/locations", ...)`):
                // each path a used caller passes is a call of its own.
                for (const key of passed.filter((k) => !roleMayCall(role, k)))
                  problems.push(
                    `${screen.path}: ${rel(file)} ${call.owner}() is given ${key}, refused to ${role}`,
                  );
              } else if (variable && !UNRESOLVED_ALLOWED.has(rel(file))) {
                problems.push(`${rel(file)}: ${call.raw} has a path no one can check`);
              } else if (
                variable
                  ? role !== "manager"
                  : !call.maybe.includes(own) && call.maybe.some((key) => !roleMayCall(role, key))
              ) {
                problems.push(
                  `${screen.path}: ${rel(file)} calls ${call.raw}, which may reach a route ${role} may not call`,
                );
              }
              continue;
            }
            if (roleMayCall(role, call.key)) continue;
            const actions = actionsOfKey(call.key);
            const action = actions.join('") or can("');
            if (actions.length === 0) {
              problems.push(
                `${screen.path}: ${rel(file)} (${call.owner}) calls ${call.key}, refused to ${role}, no STAFF_ACTIONS entry`,
              );
              continue;
            }
            const gates = gatesFor(actions);
            for (const control of controlFiles(file, call.owner ?? "", within, used)) {
              if (!gates.has(control) && reachableAround(screen.page, control, gates)) {
                problems.push(`${screen.path}: ${rel(control)} reaches ${call.key} with no can("${action}")`);
              }
            }
          }
        }
      }
      expect(problems).toEqual([]);
      expect(checked).toBeGreaterThan(0);
    });
  }

  it("the owner reaches every admin screen", () => {
    expect(screens.filter((s) => !pathAllowed("owner", s.path))).toEqual([]);
  });
});
