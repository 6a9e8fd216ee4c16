// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The web's boundaries (STYLE.md: app/ composes; a feature never imports app/ or another
 * feature; components/ and lib/ never import features) are kept by .oxlintrc.json. These
 * probes prove the rules bite: each writes a file where a real one would sit, runs oxlint on
 * it with the project's configuration, and expects a failure. A control probe of allowed
 * imports must pass, so a broken configuration cannot make every probe "fail" for us.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const oxlint = path.join(repoRoot, 'node_modules/.bin/oxlint');
const probeName = `lint-probe-${process.pid}`;
const featureProbeDir = path.join(import.meta.dirname, 'features', probeName);
const componentProbeDir = path.join(import.meta.dirname, 'components', probeName);

afterAll(() => {
  rmSync(featureProbeDir, { recursive: true, force: true });
  rmSync(componentProbeDir, { recursive: true, force: true });
});

/** Writes `source` to `file` (relative to `dir`) and lints it: the exit status and the output. */
function lintProbe(dir: string, file: string, source: string) {
  const probe = path.join(dir, file);
  mkdirSync(path.dirname(probe), { recursive: true });
  writeFileSync(probe, source);
  const result = spawnSync(
    oxlint,
    ['--config', '.oxlintrc.json', '--deny-warnings', path.relative(repoRoot, probe)],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const featureRule = 'A feature never imports app/ or another feature.';

describe('the lint boundary of features', () => {
  it('lets a feature import its own files, lib/, components/, config/ and shared code', () => {
    const { status, output } = lintProbe(
      featureProbeDir,
      'components/allowed.ts',
      [
        "import { paths } from '../../../config/paths.ts';",
        "import { formatCalendarDate } from '../../../lib/dates.ts';",
        "import { PageTitle } from '../../../components/ui/page-title.tsx';",
        "import { invoiceStatuses } from '@kuvert/shared/invoices';",
        "import { probeApi } from '../api/probe.ts';",
        'export const allowed = [paths, formatCalendarDate, PageTitle, invoiceStatuses, probeApi];',
        '',
      ].join('\n'),
    );
    expect(output).not.toContain(featureRule);
    expect(status).toBe(0);
  });

  it.each([
    ['app/ by the usual relative path', "import { routes } from '../../../app/routes.tsx';"],
    ['app/ by a detour through src/', "import { routes } from '../../../../src/app/routes.tsx';"],
    ['another feature next to it', "import { x } from '../../letters/api/get-letters.ts';"],
    [
      'another feature through features/',
      "import { x } from '../../../features/letters/index.ts';",
    ],
  ])('fails when a feature imports %s', (_what, importLine) => {
    const { status, output } = lintProbe(
      featureProbeDir,
      'components/forbidden.ts',
      `${importLine}\nexport const probe = 1;\n`,
    );
    expect(output).toContain(featureRule);
    expect(status).not.toBe(0);
  });
});

describe('the lint boundary of generic folders', () => {
  it.each([
    ['a feature', "import { x } from '../../features/letters/api/get-letters.ts';"],
    ['app/', "import { routes } from '../../app/routes.tsx';"],
  ])('fails when components/ imports %s', (_what, importLine) => {
    const { status, output } = lintProbe(
      componentProbeDir,
      'forbidden.ts',
      `${importLine}\nexport const probe = 1;\n`,
    );
    expect(output).toContain('Generic folders never import features/ or app/.');
    expect(status).not.toBe(0);
  });
});
