// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * STYLE.md: no `as`. .oxlintrc.json keeps it with `typescript/consistent-type-assertions`
 * (assertionStyle "never"), for production code and tests alike; `as const` stays allowed, and
 * a cast that must stay carries its own `oxlint-disable-next-line … -- <reason>`. These probes
 * prove the rule bites: each writes a file where a real one would sit, runs oxlint on it with
 * the project's configuration, and expects a failure. Control probes must pass, so a broken
 * configuration cannot make every probe "fail" for us.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const oxlint = path.join(repoRoot, 'node_modules/.bin/oxlint');
const probeDir = path.join(import.meta.dirname, 'lib', `lint-probe-casts-${process.pid}`);
const rule = 'consistent-type-assertions';

afterAll(() => {
  rmSync(probeDir, { recursive: true, force: true });
});

/** Writes `source` to `file` (relative to the probe folder) and lints it with the project's config. */
function lintProbe(file: string, source: string) {
  const probe = path.join(probeDir, file);
  mkdirSync(path.dirname(probe), { recursive: true });
  writeFileSync(probe, source);
  const result = spawnSync(
    oxlint,
    ['--config', '.oxlintrc.json', '--deny-warnings', path.relative(repoRoot, probe)],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const declarations = [
  'interface Letter {',
  '  id: string;',
  '}',
  'declare const value: unknown;',
  '',
].join('\n');

describe('the lint rule against `as`', () => {
  it.each([
    ['production code', 'allowed.ts'],
    ['a test', 'allowed.test.ts'],
  ])('lets %s use `as const`, `satisfies`, annotations and narrowing', (_where, file) => {
    const { status, output } = lintProbe(
      file,
      [
        declarations,
        "export const kinds = ['letter', 'upload'] as const;",
        "export const letter = { id: 'l1' } satisfies Letter;",
        "export const annotated: Letter = { id: 'l2' };",
        "export const text = typeof value === 'string' ? value : '';",
        '',
      ].join('\n'),
    );
    expect(output).not.toContain(rule);
    expect(status).toBe(0);
  });

  it('lets a cast stay where a disable comment names its reason', () => {
    const { status, output } = lintProbe(
      'excepted.ts',
      [
        declarations,
        '// oxlint-disable-next-line typescript/consistent-type-assertions -- a library types it wrongly',
        'export const letter = value as Letter;',
        '',
      ].join('\n'),
    );
    expect(output).not.toContain(rule);
    expect(status).toBe(0);
  });

  it.each([
    ['production code', 'export const letter = value as Letter;', 'forbidden.ts'],
    ['production code', 'export const id = (value as Letter).id;', 'forbidden.ts'],
    ['production code', 'export const count = value as unknown as number;', 'forbidden.ts'],
    ['production code', 'export const letter = {} as Letter;', 'forbidden.ts'],
    ['production code', 'export const text = <string>value;', 'forbidden.ts'],
    ['a test', 'export const letter = value as Letter;', 'forbidden.test.ts'],
  ])('fails on a cast in %s: %s', (_where, line, file) => {
    const { status, output } = lintProbe(file, `${declarations}${line}\n`);
    expect(output).toContain(rule);
    expect(status).not.toBe(0);
  });
});
