import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'oxc-parser';

/*
 * One pass over the workspace's source: every file's imports, resolved to repository paths,
 * and the table names its SQL mentions. The rules (rules.ts) read only this, so a rule is
 * about where an import lands, never about how its path is spelled.
 */

/** The folders whose source the check reads, relative to the repository root. */
const sourceRoots = ['apps', 'packages'];
const skippedFolders = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);
const sourceExtensions = ['.ts', '.tsx', '.mts', '.cts'];
/*
 * The lint probes (apps/web/src/boundaries.test.ts and its kin) write forbidden imports into
 * the tree for a moment while they run; they are the lint's business, not the architecture's.
 */
const probeFolderPrefix = 'lint-probe-';

/** Workspace packages by name: where `@kuvert/<name>/...` lands. */
const workspacePackages: Record<string, string> = {
  '@kuvert/shared': 'packages/shared/src',
  '@kuvert/test-fixtures': 'packages/test-fixtures/src',
  '@kuvert/server': 'apps/server',
  '@kuvert/web': 'apps/web',
};

export interface SourceImport {
  /** As written in the source. */
  specifier: string;
  /** Repository-relative path with `/` separators; null for a package outside the workspace. */
  target: string | null;
  line: number;
}

export interface TableMention {
  table: string;
  line: number;
  /** Whether the SQL writes the table (INSERT, UPDATE, DELETE), not only reads it. */
  writes: boolean;
}

export interface SourceFile {
  /** Repository-relative path with `/` separators. */
  path: string;
  imports: SourceImport[];
  /** Every word after FROM/JOIN/INTO/UPDATE or in a Kysely table argument; the rules keep the known tables. */
  tables: TableMention[];
}

export function listSourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        const skipped =
          skippedFolders.has(entry.name) ||
          entry.name.startsWith('.') ||
          entry.name.startsWith(probeFolderPrefix);
        if (!skipped) walk(child);
      } else if (sourceExtensions.some((extension) => entry.name.endsWith(extension))) {
        if (!entry.name.endsWith('.d.ts')) files.push(child);
      }
    }
  };
  for (const sourceRoot of sourceRoots) {
    if (existsSync(path.join(root, sourceRoot))) walk(sourceRoot);
  }
  return files.toSorted();
}

export function scanSources(root: string): SourceFile[] {
  return listSourceFiles(root).map((file) => scanFile(root, file));
}

function scanFile(root: string, file: string): SourceFile {
  const source = readFileSync(path.join(root, file), 'utf8');
  const result = parseSync(file, source);
  const lineOf = lineFinder(source);
  const requests: { specifier: string; start: number }[] = [];
  for (const entry of result.module.staticImports) {
    requests.push({ specifier: entry.moduleRequest.value, start: entry.start });
  }
  for (const statement of result.module.staticExports) {
    for (const entry of statement.entries) {
      if (entry.moduleRequest) {
        requests.push({ specifier: entry.moduleRequest.value, start: statement.start });
      }
    }
  }
  for (const entry of result.module.dynamicImports) {
    const literal = /^(['"`])([^'"`$]*)\1$/.exec(
      source.slice(entry.moduleRequest.start, entry.moduleRequest.end),
    );
    if (literal?.[2] !== undefined) requests.push({ specifier: literal[2], start: entry.start });
  }
  const seen = new Set<string>();
  const imports: SourceImport[] = [];
  for (const { specifier, start } of requests) {
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    imports.push({ specifier, target: resolveImport(root, file, specifier), line: lineOf(start) });
  }
  const tables: TableMention[] = [];
  // Reading the whole tree costs most of the time: only server code holds SQL, and only a file
  // that calls a builder method or `sql` can name a table.
  if (file.startsWith(sqlFolder) && sqlHint.test(source)) {
    collectTables(result.program, (table, start, writes) =>
      tables.push({ table, line: lineOf(start), writes }),
    );
  }
  return { path: file, imports, tables: tables.toSorted((a, b) => a.line - b.line) };
}

/** The repository path an import lands on: the real file where one exists, else the spelled path. */
export function resolveImport(root: string, file: string, specifier: string): string | null {
  const bare = specifier.replace(/[?#].*$/, '');
  let base: string;
  if (bare.startsWith('.')) {
    base = path.posix.join(path.posix.dirname(file), bare);
  } else if (bare.startsWith('/')) {
    base = path.posix.relative(toPosix(root), bare);
  } else {
    const name = bare.startsWith('@') ? bare.split('/').slice(0, 2).join('/') : bare.split('/')[0];
    const location = name === undefined ? undefined : workspacePackages[name];
    if (location === undefined) return null;
    base = path.posix.join(location, bare.slice(name?.length ?? 0));
  }
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.jsx$/, '.tsx'),
    ...sourceExtensions.map((extension) => `${base}${extension}`),
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ];
  const found = candidates.find((candidate) => isFile(path.join(root, candidate)));
  return found ?? base;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function toPosix(file: string): string {
  return file.split(path.sep).join('/');
}

function lineFinder(source: string): (offset: number) => number {
  const starts = [0];
  for (let index = source.indexOf('\n'); index !== -1; index = source.indexOf('\n', index + 1)) {
    starts.push(index + 1);
  }
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

/*
 * SQL, found without reading SQL: a Kysely builder call whose first argument names a table
 * (`selectFrom('letters as l')`, `innerJoin(['a', 'b'])`), and the text of a `sql` template or a
 * raw-SQL call, where a table follows FROM, JOIN, INTO or UPDATE. Ordinary strings are neither.
 */
const kyselyTableMethods = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
  'with',
  'withRecursive',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'crossJoinLateral',
  'table',
  'using',
]);
/** The builder calls that write their table. */
const kyselyWriteMethods = new Set([
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
]);
/** Calls whose string argument is SQL text: `sql.raw('…')`, `CompiledQuery.raw('…')`, `db.exec('…')`. */
const rawSqlMethods = new Set(['raw', 'exec', 'prepare']);
const sqlFolder = 'apps/server/';
const sqlHint = new RegExp(
  `\\.(?:${[...kyselyTableMethods, ...rawSqlMethods].join('|')})\\b|\\bsql\\b`,
);
const sqlTablePattern =
  /\b(delete\s+from|from|join|into|update)\s+["'`]?([A-Za-z_][A-Za-z0-9_]*)/gi;
const sqlWritePattern = /^(?:delete|into|update)/i;

type FoundTable = (table: string, start: number, writes: boolean) => void;

type Node = { type?: unknown; start?: unknown; [key: string]: unknown };

function collectTables(program: unknown, found: FoundTable): void {
  const stack: unknown[] = [program];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    if (!isNode(value)) continue;
    if (value.type === 'CallExpression') inspectCall(value, found);
    if (value.type === 'TaggedTemplateExpression' && isSqlTag(value.tag)) {
      inspectTemplate(value.quasi, found);
    }
    for (const key in value) {
      if (key === 'parent') continue;
      const child = value[key];
      if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'type' in value;
}

function startOf(node: Node): number {
  return typeof node.start === 'number' ? node.start : 0;
}

function inspectCall(call: Node, found: FoundTable): void {
  const callee = call.callee;
  if (!isNode(callee) || callee.type !== 'MemberExpression') return;
  const property = callee.property;
  if (!isNode(property) || property.type !== 'Identifier' || typeof property.name !== 'string') {
    return;
  }
  const [first] = Array.isArray(call.arguments) ? call.arguments : [];
  if (kyselyTableMethods.has(property.name)) {
    const names = isNode(first) && first.type === 'ArrayExpression' ? first.elements : [first];
    for (const name of Array.isArray(names) ? names : []) {
      const text = stringValue(name);
      const table = text?.trim().split(/\s+/)[0];
      if (table && isNode(name)) found(table, startOf(name), kyselyWriteMethods.has(property.name));
    }
  } else if (rawSqlMethods.has(property.name) && isNode(first)) {
    const text = stringValue(first);
    if (text !== null) scanSqlText(text, startOf(first), found);
    if (first.type === 'TemplateLiteral') inspectTemplate(first, found);
  }
}

function stringValue(node: unknown): string | null {
  if (!isNode(node)) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && Array.isArray(node.quasis) && node.quasis.length === 1) {
    return quasiText(node.quasis[0]);
  }
  return null;
}

function quasiText(quasi: unknown): string | null {
  if (!isNode(quasi) || typeof quasi.value !== 'object' || quasi.value === null) return null;
  const raw: unknown = Reflect.get(quasi.value, 'raw');
  return typeof raw === 'string' ? raw : null;
}

function isSqlTag(tag: unknown): boolean {
  if (!isNode(tag)) return false;
  if (tag.type === 'Identifier') return tag.name === 'sql';
  if (tag.type === 'MemberExpression') return isSqlTag(tag.object);
  return false;
}

function inspectTemplate(template: unknown, found: FoundTable): void {
  if (!isNode(template) || !Array.isArray(template.quasis)) return;
  for (const quasi of template.quasis) {
    const text = quasiText(quasi);
    if (text !== null && isNode(quasi)) scanSqlText(text, startOf(quasi), found);
  }
}

function scanSqlText(text: string, start: number, found: FoundTable) {
  for (const match of text.matchAll(sqlTablePattern)) {
    const [, keyword = '', table] = match;
    if (table !== undefined) found(table, start + match.index, sqlWritePattern.test(keyword));
  }
}
