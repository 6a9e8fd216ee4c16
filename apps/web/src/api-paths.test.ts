// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every API path the web uses is declared once in `@kuvert/shared` (`<area>/endpoints`) and
 * called through `lib/api-client.ts`; a path written out by hand here would drift from the
 * server unnoticed. This names every string (quoted or a template) that starts with `/api/`.
 * Tests build the paths their fake server answers from the same declarations (`apiPath`), so a
 * changed path changes them too; only the client's own test and this one write paths out.
 */

const SOURCE_ROOT = import.meta.dirname;
const HAND_WRITTEN_PATH = /['"`]\/api\//u;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/u.test(entry.name) ? [full] : [];
  });
}

/** The client's own test and this one write paths out to check how they are handled. */
const MAY_WRITE_PATHS = new Set(['lib/api-client.test.ts', 'api-paths.test.ts']);

/** `file:line` of each hand-written API path in the given source. */
export function handWrittenApiPaths(file: string, source: string): string[] {
  return source.split('\n').flatMap((line, index) => {
    const code = line.trimStart();
    if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return [];
    return HAND_WRITTEN_PATH.test(line) ? [`${file}:${index + 1}`] : [];
  });
}

describe('API paths in the web', () => {
  it('are never written out by hand: each call goes through a declared endpoint', () => {
    const found = sourceFiles(SOURCE_ROOT)
      .filter((file) => !MAY_WRITE_PATHS.has(path.relative(SOURCE_ROOT, file)))
      .flatMap((file) =>
        handWrittenApiPaths(path.relative(SOURCE_ROOT, file), readFileSync(file, 'utf8')),
      );
    expect(found).toEqual([]);
  });

  it('are found quoted, in templates and in concatenations, but not in comments', () => {
    const source = [
      "apiRequest('/api/letters');",
      'fetch(`/api/uploads/${id}`);',
      'const url = base + "/api/events";',
      '// GET /api/letters: the list',
      ' * POST /api/letter-drafts',
      'apiCall(letterEndpoints.list);',
    ].join('\n');
    expect(handWrittenApiPaths('probe.ts', source)).toEqual([
      'probe.ts:1',
      'probe.ts:2',
      'probe.ts:3',
    ]);
  });
});
