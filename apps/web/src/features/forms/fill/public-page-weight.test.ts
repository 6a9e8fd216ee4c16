// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The public fill-out page is a first load for anonymous visitors with a budget of its own
 * (DESIGN §7, 200 KB; `npm run bench` measures it). What would blow it at once is a module
 * that pulls in zod (the shared contract's schemas) or the query cache: this follows the
 * page's imports from its route and layout and names any such import, with the file.
 */

const SOURCE_ROOT = path.resolve(import.meta.dirname, '../../..');
const ENTRIES = ['app/routes/form-fill-out.tsx', 'app/layouts/public-form-layout.tsx'];
/** Shared modules built without zod. */
const ZOD_FREE_SHARED = new Set([
  '@kuvert/shared/api',
  '@kuvert/shared/form-definition',
  '@kuvert/shared/constants',
  '@kuvert/shared/limits',
]);
const HEAVY = ['zod', '@tanstack/react-query', '@mantine/dates', '@rjsf/core', 're2js'];

/**
 * The modules a file imports for their values (not `import type`), as written. Imports on
 * demand (`import('…')`) are left out: they load when called, not with the page.
 */
function valueImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/^import\s+(?!type\s)([^;]*?\s+from\s+)?'([^']+)';/gmsu)) {
    if (match[2] !== undefined) found.push(match[2]);
  }
  return found;
}

function resolveLocal(from: string, specifier: string): string | null {
  const target = path.normalize(path.join(path.dirname(from), specifier));
  return /\.(tsx?|json)$/u.test(target) && existsSync(path.join(SOURCE_ROOT, target))
    ? target
    : null;
}

function heavyImportsOfPublicPage(): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  const queue = [...ENTRIES];
  while (queue.length > 0) {
    const file = queue.pop();
    if (file === undefined || seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.ts') && !file.endsWith('.tsx')) continue;
    const source = readFileSync(path.join(SOURCE_ROOT, file), 'utf8');
    for (const specifier of valueImports(source)) {
      if (specifier.startsWith('.')) {
        const local = resolveLocal(file, specifier);
        if (local !== null) queue.push(local);
        continue;
      }
      const isHeavy =
        HEAVY.some((name) => specifier === name || specifier.startsWith(`${name}/`)) ||
        (specifier.startsWith('@kuvert/shared/') && !ZOD_FREE_SHARED.has(specifier));
      if (isHeavy) problems.push(`${file} imports ${specifier}`);
    }
  }
  expect(seen.size).toBeGreaterThan(20);
  return problems;
}

describe('the public fill-out page', () => {
  it('loads neither zod nor the query cache nor a heavy form library nor the pattern engine', () => {
    expect(heavyImportsOfPublicPage()).toEqual([]);
  });

  it('is told apart from the page a person logged in fills out, which may load them', () => {
    const loggedIn = readFileSync(path.join(SOURCE_ROOT, 'app/routes/form-add.tsx'), 'utf8');
    expect(valueImports(loggedIn)).toContain('@tanstack/react-query');
  });
});
