import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const BENCHMARKS_FILE = path.resolve(import.meta.dirname, '../docs/benchmarks.md');

const HEADER = `# Benchmarks

Written by \`npm run bench\`; budgets from DESIGN §7. Each section is replaced by the run that
measures it, so the figures below always come from the same code and machine run.
`;

/** Replaces (or appends) one section of docs/benchmarks.md, leaving the others as they are. */
export function writeBenchmarkSection(id: string, markdown: string): void {
  const start = `<!-- bench:${id} -->`;
  const end = `<!-- /bench:${id} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const current = existsSync(BENCHMARKS_FILE) ? readFileSync(BENCHMARKS_FILE, 'utf8') : HEADER;
  const startIndex = current.indexOf(start);
  const endIndex = current.indexOf(end);
  const next =
    startIndex >= 0 && endIndex > startIndex
      ? current.slice(0, startIndex) + block + current.slice(endIndex + end.length)
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(BENCHMARKS_FILE, next);
}

export function machineLine(): string {
  return `Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
}
