import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { architectureDoc } from './docs.ts';
import {
  coreOwner,
  crossAppViolations,
  cycleViolations,
  layerViolations,
  ruleNames,
  type RuleName,
  tableViolations,
  type Violation,
  webViolations,
} from './rules.ts';
import { scanSources } from './scan.ts';
import { tableOwners, tableReadExceptions } from './table-owners.ts';

/*
 * The architecture check (`npm run lint`): module cycles, layers, cross-app imports, the web's
 * boundaries and table ownership, against a baseline of known violations that may only shrink,
 * and docs/architecture.md, which must match what the code says.
 *
 *   node tools/architecture/check.ts                    check
 *   node tools/architecture/check.ts --update-baseline  accept exactly today's violations
 *   node tools/architecture/check.ts --write-docs       rewrite docs/architecture.md
 */

export const baselineFile = 'tools/architecture/baseline.json';
export const docsFile = 'docs/architecture.md';
const schemaFile = 'apps/server/src/db/schema.ts';
const modulesFolder = 'apps/server/src/modules';

export type Baseline = Record<RuleName, string[]>;

export interface CheckOptions {
  root: string;
  owners: Record<string, string>;
  /** Files that may read named foreign tables, each with its reason (table-owners.ts). */
  tableReadExceptions?: Record<string, { tables: string[]; reason: string; writes?: true }>;
  updateBaseline?: boolean;
  writeDocs?: boolean;
}

export interface CheckReport {
  ok: boolean;
  /** What to print: the problems, or a one-line summary. */
  output: string;
  violations: Violation[];
  /** Violations the baseline does not list. */
  unaccepted: Violation[];
  /** Baseline entries that no longer occur. */
  stale: { rule: RuleName; key: string }[];
  /** Tables without a known owner, owners that are no module. */
  ownerProblems: string[];
  docsUpToDate: boolean;
  fileCount: number;
}

export function checkArchitecture(options: CheckOptions): CheckReport {
  const { root, owners } = options;
  const files = scanSources(root);
  const violations = [
    ...cycleViolations(files),
    ...layerViolations(files),
    ...crossAppViolations(files),
    ...webViolations(files),
    ...tableViolations(files, owners, options.tableReadExceptions),
  ];
  const ownerProblems = checkOwners(root, owners);

  if (options.updateBaseline) writeBaseline(root, baselineOf(violations));
  const baseline = readBaseline(root);
  const accepted = new Set(ruleNames.flatMap((rule) => baseline[rule].map((k) => `${rule}\t${k}`)));
  const occurring = new Set(violations.map((v) => `${v.rule}\t${v.key}`));
  const unaccepted = violations.filter((v) => !accepted.has(`${v.rule}\t${v.key}`));
  const stale = ruleNames.flatMap((rule) =>
    baseline[rule].filter((key) => !occurring.has(`${rule}\t${key}`)).map((key) => ({ rule, key })),
  );

  const docs = architectureDoc(files, violations, owners, options.tableReadExceptions);
  const docsPath = path.join(root, docsFile);
  if (options.writeDocs || options.updateBaseline) {
    mkdirSync(path.dirname(docsPath), { recursive: true });
    writeFileSync(docsPath, docs);
  }
  const docsUpToDate = existsSync(docsPath) && readFileSync(docsPath, 'utf8') === docs;

  const ok =
    unaccepted.length === 0 && stale.length === 0 && ownerProblems.length === 0 && docsUpToDate;
  const report = { violations, unaccepted, stale, ownerProblems, docsUpToDate };
  return { ok, output: describe(report, files.length), ...report, fileCount: files.length };
}

function baselineOf(violations: Violation[]): Baseline {
  const baseline = emptyBaseline();
  for (const rule of ruleNames) {
    const keys = violations.filter((v) => v.rule === rule).map((v) => v.key);
    baseline[rule] = [...new Set(keys)].toSorted();
  }
  return baseline;
}

function emptyBaseline(): Baseline {
  return { cycle: [], layer: [], 'cross-app': [], web: [], table: [] };
}

function readBaseline(root: string): Baseline {
  const file = path.join(root, baselineFile);
  const baseline = emptyBaseline();
  if (!existsSync(file)) return baseline;
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const rule of ruleNames) {
    const entries: unknown = typeof parsed === 'object' && parsed ? Reflect.get(parsed, rule) : [];
    if (Array.isArray(entries)) baseline[rule] = entries.filter((e) => typeof e === 'string');
  }
  return baseline;
}

function writeBaseline(root: string, baseline: Baseline): void {
  const file = path.join(root, baselineFile);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(baseline, null, 2)}\n`);
}

/** Every table of the schema has an owner, and every owner is core or a module that exists. */
function checkOwners(root: string, owners: Record<string, string>): string[] {
  const problems: string[] = [];
  const schemaPath = path.join(root, schemaFile);
  if (existsSync(schemaPath)) {
    // The body of `interface Database`, up to its closing brace at the start of a line.
    const database = /export interface Database \{([\s\S]*?)^\}/m.exec(
      readFileSync(schemaPath, 'utf8'),
    );
    for (const [, table] of (database?.[1] ?? '').matchAll(/^ {2}(\w+)\s*:/gm)) {
      if (table !== undefined && owners[table] === undefined) {
        problems.push(
          `table ${table} (${schemaFile}) has no owner: add it to tools/architecture/table-owners.ts.`,
        );
      }
    }
  }
  const modulesPath = path.join(root, modulesFolder);
  const modules = existsSync(modulesPath)
    ? readdirSync(modulesPath, { withFileTypes: true }).filter((e) => e.isDirectory())
    : [];
  const known = new Set([coreOwner, ...modules.map((entry) => entry.name)]);
  for (const [table, owner] of Object.entries(owners)) {
    if (!known.has(owner)) {
      problems.push(`table ${table} is owned by ${owner}, which is neither core nor a module.`);
    }
  }
  return problems;
}

function describe(
  report: Pick<CheckReport, 'unaccepted' | 'stale' | 'ownerProblems' | 'docsUpToDate'> & {
    violations: Violation[];
  },
  fileCount: number,
): string {
  const lines: string[] = [];
  for (const violation of report.unaccepted) {
    lines.push(`✗ [${violation.rule}] ${violation.where}`, `  ${violation.message}`);
  }
  for (const { rule, key } of report.stale) {
    lines.push(
      `✗ [stale baseline] ${rule}: ${key}`,
      `  This accepted violation no longer occurs. Remove it: node tools/architecture/check.ts --update-baseline`,
    );
  }
  for (const problem of report.ownerProblems) lines.push(`✗ [table owners] ${problem}`);
  if (!report.docsUpToDate) {
    lines.push(
      `✗ [docs] ${docsFile} is out of date. Rewrite it: node tools/architecture/check.ts --write-docs`,
    );
  }
  const counts = ruleNames
    .map((rule) => {
      const keys = new Set(report.violations.filter((v) => v.rule === rule).map((v) => v.key));
      return `${rule} ${keys.size}`;
    })
    .join(', ');
  const failed = lines.length > 0;
  lines.push(
    `architecture: ${fileCount} files; ${failed ? 'FAILED' : 'ok'}` +
      ` (known violations in ${baselineFile}: ${counts}).`,
  );
  return lines.join('\n');
}

if (import.meta.main) {
  const started = performance.now();
  const args = process.argv.slice(2);
  const rootArgument = args.indexOf('--root');
  const report = checkArchitecture({
    root: rootArgument === -1 ? process.cwd() : path.resolve(args[rootArgument + 1] ?? '.'),
    owners: tableOwners,
    tableReadExceptions,
    updateBaseline: args.includes('--update-baseline'),
    writeDocs: args.includes('--write-docs'),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const stream = report.ok ? process.stdout : process.stderr;
  stream.write(`${report.output} ${seconds} s\n`);
  process.exitCode = report.ok ? 0 : 1;
}
