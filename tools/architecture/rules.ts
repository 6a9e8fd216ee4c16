import type { SourceFile } from './scan.ts';

/*
 * The architecture's rules, each a plain function of the scanned files. A violation has a key
 * (what the baseline lists: a module edge, or a file and a table) and a message that says where,
 * what and how to fix it.
 */

export const ruleNames = ['cycle', 'layer', 'cross-app', 'web', 'table'] as const;
export type RuleName = (typeof ruleNames)[number];

export interface Violation {
  rule: RuleName;
  /** The baseline entry that would accept it. */
  key: string;
  /** `file:line`, where it happens. */
  where: string;
  message: string;
}

/** Server layers, lowest first. A file may import its own layer or a lower one. */
export const layers = ['core', 'domain', 'read model', 'adapter'] as const;
export type Layer = (typeof layers)[number];

export const readModelModules = ['data-export', 'home', 'search', 'timeline', 'trash'];
export const adapterModules = ['sender-api', 'personal-api', 'demo'];
const adapterTopLevelFiles = ['app.ts', 'main.ts', 'cli.ts'];
/** The owner of a table that no module owns: db, plugins, lib, config and the like. */
export const coreOwner = 'core';

const serverSource = 'apps/server/src/';
const modulesFolder = `${serverSource}modules/`;

export function isTestFile(file: string): boolean {
  return /\.(test|spec)\.tsx?$/.test(file) || file.startsWith(`${serverSource}test/`);
}

/** The server module a file belongs to: the first folder under modules/, at any depth below it. */
export function moduleOf(file: string): string | null {
  if (!file.startsWith(modulesFolder)) return null;
  const rest = file.slice(modulesFolder.length);
  const slash = rest.indexOf('/');
  return slash === -1 ? null : rest.slice(0, slash);
}

/** A server file's layer, or null for a file outside the layered code (tests, bench, config). */
export function layerOf(file: string): Layer | null {
  if (!file.startsWith(serverSource) || isTestFile(file)) return null;
  const rest = file.slice(serverSource.length);
  const module = moduleOf(file);
  if (module !== null) {
    if (isRoutesFile(file) || adapterModules.includes(module)) return 'adapter';
    return readModelModules.includes(module) ? 'read model' : 'domain';
  }
  if (rest.startsWith('modules/')) return 'adapter'; // modules/index.ts registers every module
  if (rest.startsWith('cli/') || adapterTopLevelFiles.includes(rest)) return 'adapter';
  return 'core';
}

/** A module's HTTP routes: its `index.ts` and every `*.routes.ts`, at any depth. */
export function isRoutesFile(file: string): boolean {
  const module = moduleOf(file);
  if (module === null) return false;
  return file.endsWith('.routes.ts') || file === `${modulesFolder}${module}/index.ts`;
}

/** How a server file is named in messages, the baseline and the graph: its module, or its path. */
export function unitOf(file: string): string {
  const module = moduleOf(file);
  if (module === null) return file.slice(serverSource.length);
  return isRoutesFile(file) ? `${module} (routes)` : module;
}

type App = 'server' | 'web' | 'shared' | 'test-fixtures';

function appOf(file: string): App | null {
  if (file.startsWith('apps/server/')) return 'server';
  if (file.startsWith('apps/web/')) return 'web';
  if (file.startsWith('packages/shared/')) return 'shared';
  if (file.startsWith('packages/test-fixtures/')) return 'test-fixtures';
  return null;
}

const allowedApps: Record<App, App[]> = {
  server: ['server', 'shared'],
  web: ['web', 'shared'],
  shared: ['shared'],
  'test-fixtures': ['test-fixtures'],
};

/** Tests of either app, the browser tests with their support files among them. */
function isTestCode(file: string): boolean {
  return isTestFile(file) || file.startsWith('apps/web/e2e/');
}

/** Whether a file may import one of `to`: its own app's, shared, and test fixtures in tests. */
function mayImport(file: string, from: App, to: App): boolean {
  if (allowedApps[from].includes(to)) return true;
  return to === 'test-fixtures' && (from === 'server' || from === 'web') && isTestCode(file);
}

/**
 * Every import between the server modules (not tests): node → node → the imports behind it. A
 * module's routes are a node of their own, `letters (routes)`: they are an adapter and may use a
 * read model that reads the module, which is no cycle. `withRoutes: false` leaves them out.
 */
export function moduleGraph(
  files: SourceFile[],
  { withRoutes = true } = {},
): Map<string, Map<string, string[]>> {
  const nodeOf = (file: string) => {
    if (moduleOf(file) === null || (!withRoutes && isRoutesFile(file))) return null;
    return unitOf(file);
  };
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of files) {
    const from = nodeOf(file.path);
    if (from === null || isTestFile(file.path)) continue;
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    for (const { target, line } of file.imports) {
      const to = target === null ? null : nodeOf(target);
      if (to === null || to === from) continue;
      edges.set(to, [...(edges.get(to) ?? []), `${file.path}:${line} → ${target}`]);
    }
  }
  for (const edges of graph.values()) {
    for (const to of edges.keys()) if (!graph.has(to)) graph.set(to, new Map());
  }
  return graph;
}

/** Strongly connected components (Tarjan) of more than one module: the knots. */
export function moduleKnots(graph: Map<string, Map<string, string[]>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const knots: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const knot: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      knot.push(member);
      if (member === node) break;
    }
    if (knot.length > 1) knots.push(knot.toSorted());
  };
  for (const node of [...graph.keys()].toSorted()) if (!index.has(node)) visit(node);
  return knots;
}

/** The shortest way back from `to` to `from` inside a knot: the cycle an edge closes. */
function pathBack(graph: Map<string, Map<string, string[]>>, from: string, to: string): string[] {
  const previous = new Map<string, string>([[to, to]]);
  const queue = [to];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    if (node === from) break;
    for (const next of [...(graph.get(node)?.keys() ?? [])].toSorted()) {
      if (previous.has(next)) continue;
      previous.set(next, node);
      queue.push(next);
    }
  }
  const path = [from];
  for (
    let node = previous.get(from);
    node !== undefined && node !== to;
    node = previous.get(node)
  ) {
    path.push(node);
  }
  return [...path, to].toReversed();
}

export function cycleViolations(files: SourceFile[]): Violation[] {
  const graph = moduleGraph(files);
  const violations: Violation[] = [];
  for (const knot of moduleKnots(graph)) {
    const members = new Set(knot);
    for (const from of knot) {
      for (const [to, via] of graph.get(from) ?? []) {
        if (!members.has(to)) continue;
        const cycle = [from, ...pathBack(graph, from, to)];
        violations.push({
          rule: 'cycle',
          key: `${from} → ${to}`,
          where: via[0] ?? from,
          message:
            `module ${from} imports ${to}, closing the cycle ${cycle.join(' → ')}` +
            ` (${via.length} import${via.length === 1 ? '' : 's'}: ${via.join('; ')}).` +
            ' Fix: keep one direction — move the shared part down into the lower module or core,' +
            ' or let the lower module take a callback/port the higher one registers.',
        });
      }
    }
  }
  return violations;
}

export function layerViolations(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    const from = layerOf(file.path);
    if (from === null) continue;
    for (const { specifier, target, line } of file.imports) {
      const to = target === null ? null : layerOf(target);
      if (target === null || to === null || layers.indexOf(to) <= layers.indexOf(from)) continue;
      violations.push({
        rule: 'layer',
        key: `${unitOf(file.path)} → ${unitOf(target)}`,
        where: `${file.path}:${line}`,
        message:
          `${file.path} (${from}) imports '${specifier}' = ${target} (${to}).` +
          ` Layers, lowest first: ${layers.join(' → ')}; a file imports its own layer or a lower one.` +
          ` Fix: move what is shared into the ${from} layer or lower, or call it from the ${to} side.`,
      });
    }
  }
  return violations;
}

export function crossAppViolations(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    const from = appOf(file.path);
    if (from === null) continue;
    for (const { specifier, target, line } of file.imports) {
      const to = target === null ? null : appOf(target);
      if (to === null || mayImport(file.path, from, to)) continue;
      violations.push({
        rule: 'cross-app',
        key: `${file.path} → ${target}`,
        where: `${file.path}:${line}`,
        message:
          `${file.path} (${from}) imports '${specifier}' = ${target} (${to}).` +
          ' The apps never import each other and packages/shared imports neither;' +
          " packages/test-fixtures is only for the apps' tests and imports none of them." +
          ' Fix: move what both need into packages/shared (what only tests need into' +
          ' packages/test-fixtures), or talk over HTTP or to a child process.',
      });
    }
  }
  return violations;
}

const webSource = 'apps/web/src/';
const genericWebFolders = ['components', 'lib', 'config'];

function webPlace(file: string): { folder: string; feature: string | null } | null {
  if (!file.startsWith(webSource)) return null;
  const [folder, feature] = file.slice(webSource.length).split('/');
  if (folder === undefined) return null;
  return { folder, feature: folder === 'features' ? (feature ?? null) : null };
}

export function webViolations(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    const from = webPlace(file.path);
    if (from === null) continue;
    for (const { specifier, target, line } of file.imports) {
      const to = target === null ? null : webPlace(target);
      if (target === null || to === null) continue;
      let rule: string | null = null;
      if (from.folder === 'features') {
        if (to.folder === 'app') rule = `feature ${from.feature} imports app/`;
        if (to.folder === 'features' && to.feature !== from.feature) {
          rule = `feature ${from.feature} imports feature ${to.feature}`;
        }
      } else if (genericWebFolders.includes(from.folder)) {
        if (to.folder === 'app' || to.folder === 'features') {
          rule = `generic ${from.folder}/ imports ${to.folder}/`;
        }
      }
      if (rule === null) continue;
      violations.push({
        rule: 'web',
        key: `${file.path} → ${target}`,
        where: `${file.path}:${line}`,
        message:
          `${file.path} imports '${specifier}' = ${target}: ${rule}.` +
          ' app/ composes features; a feature never imports app/ or another feature;' +
          ' components/, lib/ and config/ never import features/ or app/.' +
          ' Fix: pass it in from app/ (props, routes, slots), or move the generic part to components/ or lib/.',
      });
    }
  }
  return violations;
}

/** Which module a server file's SQL speaks for: its module, or core for the other non-test files. */
function sqlOwnerOf(file: string): string | null {
  if (!file.startsWith(serverSource) || isTestFile(file)) return null;
  if (file.startsWith(`${serverSource}db/migrations/`)) return null; // migrations make every table
  return moduleOf(file) ?? coreOwner;
}

export function tableViolations(
  files: SourceFile[],
  owners: Record<string, string>,
  readExceptions: Record<string, { tables: string[]; writes?: true }> = {},
): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    const owner = sqlOwnerOf(file.path);
    if (owner === null) continue;
    const reported = new Set<string>();
    const readsAnyTable = readModelModules.includes(owner);
    const exception = readExceptions[file.path];
    const excepted = exception?.tables ?? [];
    for (const { table, line, writes } of file.tables) {
      const tableOwner = owners[table];
      if (tableOwner === undefined || tableOwner === owner || reported.has(table)) continue;
      // A read model composes the areas under it in one query (a search page, the home page);
      // what it changes, it changes through the owner.
      if (readsAnyTable && !writes && tableOwner !== coreOwner) continue;
      if ((!writes || exception?.writes) && excepted.includes(table)) continue;
      reported.add(table);
      violations.push({
        rule: 'table',
        key: `${file.path}: ${table}`,
        where: `${file.path}:${line}`,
        message:
          `${file.path} (${owner}) ${writes && readsAnyTable ? 'writes' : 'names'} table ${table} in SQL, which ${tableOwner} owns.` +
          ` Only the owner's SQL names a table (a read model may read the tables of the domain modules, and writes none). Fix: call a function of the ${tableOwner} module's service` +
          ' (add one if missing), or move the table to this module in tools/architecture/table-owners.ts.',
      });
    }
  }
  return violations;
}
