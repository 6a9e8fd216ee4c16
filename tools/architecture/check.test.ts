import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baselineFile, checkArchitecture, docsFile } from './check.ts';
import type { RuleName } from './rules.ts';

/*
 * Each rule must bite: every test writes a small tree shaped like the repository into a
 * temporary folder, adds one forbidden import or query to an allowed base, and runs the check on
 * it. The base alone must pass, so a broken check cannot make every probe "fail" for us.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..');
const fixtureRoots: string[] = [];

afterAll(() => {
  for (const root of fixtureRoots) rmSync(root, { recursive: true, force: true });
});

const owners = { jobs: 'core', letters: 'letters', users: 'users' };

/** Allowed imports across every layer, app and folder the rules know. */
const allowedTree: Record<string, string> = {
  'apps/server/src/db/schema.ts': [
    'export interface Database {',
    '  jobs: { id: string };',
    '  letters: { id: string };',
    '  users: { id: string };',
    '}',
  ].join('\n'),
  'apps/server/src/clock.ts': 'export const now = () => 0;',
  'apps/server/src/plugins/jobs.ts': [
    "import { now } from '../clock.ts';",
    "export const dueJobs = (db: any) => db.selectFrom('jobs').where('run_at', '<', now());",
  ].join('\n'),
  'apps/server/src/modules/users/users.repository.ts':
    "export const findUser = (db: any) => db.selectFrom('users').selectAll();",
  'apps/server/src/modules/users/users.service.ts':
    "export { findUser } from './users.repository.ts';",
  'apps/server/src/modules/letters/letters.repository.ts': [
    "import { sql } from 'kysely';",
    "export const findLetters = (db: any) => db.selectFrom('letters as l').selectAll();",
    'export const countLetters = (db: any) => sql`select count(*) from letters`.execute(db);',
    // An ordinary string that reads like SQL is no query.
    "export const hint = 'Pick a sender from users you know, or join users of your account.';",
  ].join('\n'),
  'apps/server/src/modules/letters/letters.service.ts': [
    "import { dueJobs } from '../../plugins/jobs.ts';",
    "import { findUser } from '../users/users.service.ts';",
    "import { findLetters } from './letters.repository.ts';",
    'export const letters = [dueJobs, findUser, findLetters];',
  ].join('\n'),
  'apps/server/src/modules/letters/letters.test.ts':
    "import { homeOf } from '../home/home.service.ts';\nexport const probe = homeOf;",
  'apps/server/src/modules/home/home.service.ts':
    "import { letters } from '../letters/letters.service.ts';\nexport const homeOf = letters;",
  'apps/server/src/modules/letters/letters.routes.ts':
    "import { homeOf } from '../home/home.service.ts';\nexport const routes = homeOf;",
  'apps/server/src/modules/sender-api/sender-api.service.ts':
    "import { letters } from '../letters/letters.service.ts';\nexport const send = letters;",
  'apps/server/src/app.ts':
    "import { routes } from './modules/letters/letters.routes.ts';\nimport { send } from './modules/sender-api/sender-api.service.ts';\nexport const app = [routes, send];",
  'apps/web/src/components/ui/button.tsx': 'export const Button = () => null;',
  'apps/web/src/lib/http.ts':
    "import { kinds } from '@kuvert/shared/letters';\nexport const get = kinds;",
  'apps/web/src/features/letters/api/get-letters.ts':
    "import { get } from '../../../lib/http.ts';\nexport const getLetters = get;",
  'apps/web/src/features/letters/components/list/rows/row.tsx': [
    "import { Button } from '../../../../../components/ui/button.tsx';",
    "import { getLetters } from '../../../api/get-letters.ts';",
    "import { kinds } from '@kuvert/shared/letters';",
    'export const Row = [Button, getLetters, kinds];',
  ].join('\n'),
  'apps/web/src/features/home/home-page.tsx': 'export const HomePage = () => null;',
  'apps/web/src/app/router.tsx': [
    "import { HomePage } from '../features/home/home-page.tsx';",
    "import { Row } from '../features/letters/components/list/rows/row.tsx';",
    'export const router = [HomePage, Row];',
  ].join('\n'),
  'packages/shared/src/letters/index.ts': "export const kinds = ['inbound', 'outbound'];",
  'packages/test-fixtures/src/pdfs.ts': 'export const plainPdf = () => new Uint8Array();',
  // The tests of both apps share the fixtures, by package name or by path.
  'apps/server/src/test/documents.ts':
    "import { plainPdf } from '@kuvert/test-fixtures/pdfs';\nexport const document = plainPdf;",
  'apps/server/src/modules/letters/letters-documents.test.ts':
    "import { plainPdf } from '@kuvert/test-fixtures/pdfs';\nexport const probe = plainPdf;",
  'apps/web/e2e/support/documents.ts':
    "import { plainPdf } from '../../../../packages/test-fixtures/src/pdfs.ts';\nexport const pdf = plainPdf;",
  'apps/web/e2e/letters.spec.ts':
    "import { plainPdf } from '@kuvert/test-fixtures/pdfs';\nexport const probe = plainPdf;",
};

function writeTree(root: string, files: Record<string, string>) {
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), `${source}\n`);
  }
}

/** A fixture repository: the allowed base plus `changes`, checked with its docs just written. */
function fixture(changes: Record<string, string> = {}) {
  const root = mkdtempSync(path.join(tmpdir(), 'kuvert-architecture-'));
  fixtureRoots.push(root);
  writeTree(root, { ...allowedTree, ...changes });
  return root;
}

function check(root: string, options: { writeDocs?: boolean; updateBaseline?: boolean } = {}) {
  return checkArchitecture({ root, owners, writeDocs: options.writeDocs ?? true, ...options });
}

function failures(changes: Record<string, string>, rule: RuleName) {
  const report = check(fixture(changes));
  expect(report.ok).toBe(false);
  return report.unaccepted.filter((violation) => violation.rule === rule);
}

describe('the architecture check', () => {
  it('passes the allowed tree: every layer, app and folder importing what it may', () => {
    const report = check(fixture());
    expect(report.output).toContain('ok');
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('fails on a cycle between modules, naming the cycle', () => {
    const [violation, ...others] = failures(
      {
        'apps/server/src/modules/users/users.service.ts': [
          "export { findUser } from './users.repository.ts';",
          "export const lettersOf = () => import('../letters/letters.repository.ts');",
        ].join('\n'),
      },
      'cycle',
    );
    expect(violation?.message).toContain('closing the cycle letters → users → letters');
    expect(violation?.message).toContain('apps/server/src/modules/letters/letters.service.ts:2');
    expect(others.map((other) => other.key)).toEqual(['users → letters']);
  });

  it('fails on a domain module importing a read model, and on core importing a module', () => {
    const violations = failures(
      {
        'apps/server/src/modules/users/users.service.ts': [
          "export { findUser } from './users.repository.ts';",
          "export { homeOf } from '../home/home.service.ts';",
        ].join('\n'),
        'apps/server/src/plugins/audit.ts':
          "import { findUser } from '../modules/users/users.service.ts';\nexport const audit = findUser;",
      },
      'layer',
    );
    expect(violations.map((violation) => violation.key)).toEqual([
      'users → home',
      'plugins/audit.ts → users',
    ]);
    expect(violations[0]?.message).toContain(
      "apps/server/src/modules/users/users.service.ts (domain) imports '../home/home.service.ts'",
    );
    expect(violations[0]?.message).toContain('(read model)');
  });

  it('fails on a domain file importing the routes of a module, its own included', () => {
    const violations = failures(
      {
        'apps/server/src/modules/letters/letters.service.ts':
          "import { routes } from './letters.routes.ts';\nexport const letters = routes;",
      },
      'layer',
    );
    expect(violations.map((violation) => violation.key)).toEqual(['letters → letters (routes)']);
  });

  it('fails on a web file importing server code, through a detour or the package name', () => {
    const violations = failures(
      {
        'apps/web/src/features/letters/api/detour.ts':
          "import { now } from '../../../../../server/src/../src/clock.ts';\nexport const detour = now;",
        'apps/web/src/lib/by-name.ts':
          "import { app } from '@kuvert/server/src/app.ts';\nexport const byName = app;",
      },
      'cross-app',
    );
    expect(violations.map((violation) => violation.key)).toEqual([
      'apps/web/src/features/letters/api/detour.ts → apps/server/src/clock.ts',
      'apps/web/src/lib/by-name.ts → apps/server/src/app.ts',
    ]);
    expect(violations[0]?.message).toContain('The apps never import each other');
  });

  it('fails on server code importing the web, and on shared code importing an app', () => {
    const violations = failures(
      {
        'apps/server/src/lib/button.ts':
          "import { Button } from '../../../web/src/components/ui/button.tsx';\nexport const b = Button;",
        'packages/shared/src/letters/index.ts':
          "import { now } from '../../../../apps/server/src/clock.ts';\nexport const kinds = [now];",
      },
      'cross-app',
    );
    expect(violations.map((violation) => violation.key)).toEqual([
      'apps/server/src/lib/button.ts → apps/web/src/components/ui/button.tsx',
      'packages/shared/src/letters/index.ts → apps/server/src/clock.ts',
    ]);
  });

  it('fails on app code importing the test fixtures, the fixtures importing an app, and e2e importing the server', () => {
    const violations = failures(
      {
        'apps/server/src/plugins/documents.ts':
          "import { plainPdf } from '@kuvert/test-fixtures/pdfs';\nexport const d = plainPdf;",
        'apps/web/e2e/support/sealing.ts':
          "import { now } from '../../../server/src/clock.ts';\nexport const sealedAt = now;",
        'apps/web/src/lib/pdf.ts':
          "import { plainPdf } from '../../../../packages/test-fixtures/src/pdfs.ts';\nexport const p = plainPdf;",
        'packages/test-fixtures/src/sealed.ts':
          "import { now } from '../../../apps/server/src/clock.ts';\nexport const sealedAt = now;",
      },
      'cross-app',
    );
    expect(violations.map((violation) => violation.key)).toEqual([
      'apps/server/src/plugins/documents.ts → packages/test-fixtures/src/pdfs.ts',
      'apps/web/e2e/support/sealing.ts → apps/server/src/clock.ts',
      'apps/web/src/lib/pdf.ts → packages/test-fixtures/src/pdfs.ts',
      'packages/test-fixtures/src/sealed.ts → apps/server/src/clock.ts',
    ]);
    expect(violations[0]?.message).toContain("only for the apps' tests");
  });

  it('fails on a feature importing another feature from a three-deep folder', () => {
    const [violation, ...others] = failures(
      {
        'apps/web/src/features/letters/components/list/rows/row.tsx':
          "import { HomePage } from '../../../../home/home-page.tsx';\nexport const Row = HomePage;",
      },
      'web',
    );
    expect(violation?.message).toContain('feature letters imports feature home');
    expect(others).toEqual([]);
  });

  it('fails on a feature importing app/, and on generic folders importing features/', () => {
    const violations = failures(
      {
        'apps/web/src/features/home/home-page.tsx':
          "import { router } from '../../app/router.tsx';\nexport const HomePage = router;",
        'apps/web/src/components/ui/button.tsx':
          "import { getLetters } from '../../features/letters/api/get-letters.ts';\nexport const Button = getLetters;",
      },
      'web',
    );
    expect(violations.map((violation) => violation.message.split(': ')[1]?.split('.')[0])).toEqual([
      'generic components/ imports features/',
      'feature home imports app/',
    ]);
  });

  it('fails on a repository naming a foreign table, in Kysely calls and in sql text', () => {
    const violations = failures(
      {
        'apps/server/src/modules/letters/letters.repository.ts': [
          "import { sql } from 'kysely';",
          "export const findLetters = (db: any) => db.selectFrom('letters as l').innerJoin('users as u', 'u.id', 'l.user_id');",
          'export const jobsOf = (db: any) => sql`select * from letters join jobs on true`.execute(db);',
        ].join('\n'),
        'apps/server/src/plugins/jobs.ts':
          "export const dueJobs = (db: any) => db.deleteFrom('letters').where('id', '=', 1);",
      },
      'table',
    );
    expect(violations.map((violation) => violation.key)).toEqual([
      'apps/server/src/modules/letters/letters.repository.ts: users',
      'apps/server/src/modules/letters/letters.repository.ts: jobs',
      'apps/server/src/plugins/jobs.ts: letters',
    ]);
    expect(violations[0]?.message).toContain('names table users in SQL, which users owns');
    expect(violations[0]?.where).toBe('apps/server/src/modules/letters/letters.repository.ts:2');
  });

  it('lets a read model read the domain tables, never write them', () => {
    const violations = failures(
      {
        'apps/server/src/modules/search/search.repository.ts': [
          "import { sql } from 'kysely';",
          "export const find = (db: any) => db.selectFrom('letters as l').leftJoin('users as u', 'u.id', 'l.user_id');",
          'export const ranked = (db: any) => sql`select * from letters join jobs on true`.execute(db);',
          "export const purge = (db: any) => db.deleteFrom('letters').where('id', '=', 1);",
          'export const mark = (db: any) => sql`update users set name = 1`.execute(db);',
          'export const drop = (db: any) => sql`delete from letters`.execute(db);',
        ].join('\n'),
      },
      'table',
    );
    expect(violations.map((violation) => violation.where)).toEqual([
      'apps/server/src/modules/search/search.repository.ts:3',
      'apps/server/src/modules/search/search.repository.ts:4',
      'apps/server/src/modules/search/search.repository.ts:5',
    ]);
    expect(violations.map((violation) => violation.key)).toEqual([
      'apps/server/src/modules/search/search.repository.ts: jobs',
      'apps/server/src/modules/search/search.repository.ts: letters',
      'apps/server/src/modules/search/search.repository.ts: users',
    ]);
    expect(violations[1]?.message).toContain('writes table letters in SQL, which letters owns');
  });

  it('lets a named exception read its foreign table, and still fails on its writes', () => {
    const root = fixture({
      'apps/server/src/plugins/session-store.ts': [
        "export const live = (db: any) => db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id');",
        "export const touch = (db: any) => db.updateTable('users').set({ seen: 1 });",
      ].join('\n'),
    });
    const report = checkArchitecture({
      root,
      owners,
      writeDocs: true,
      tableReadExceptions: {
        'apps/server/src/plugins/session-store.ts': { tables: ['users'], reason: 'hot path' },
      },
    });
    expect(report.unaccepted.map((violation) => violation.where)).toEqual([
      'apps/server/src/plugins/session-store.ts:2',
    ]);
  });

  it('fails on a table of the schema without an owner', () => {
    const root = fixture({
      'apps/server/src/db/schema.ts':
        'export interface Database {\n  letters: {};\n  drafts: {};\n}',
    });
    const report = check(root);
    expect(report.ok).toBe(false);
    expect(report.output).toContain('table drafts (apps/server/src/db/schema.ts) has no owner');
  });

  it('fails on an owner that is neither core nor a module', () => {
    const report = checkArchitecture({
      root: fixture(),
      owners: { ...owners, letters: 'mailroom' },
      writeDocs: true,
    });
    expect(report.ok).toBe(false);
    expect(report.ownerProblems).toEqual([
      'table letters is owned by mailroom, which is neither core nor a module.',
    ]);
  });

  it('accepts the violations of its baseline, and fails on an entry that no longer occurs', () => {
    const cycle = {
      'apps/server/src/modules/users/users.service.ts':
        "export { findUser } from './users.repository.ts';\nexport { letters } from '../letters/letters.service.ts';",
    };
    const root = fixture(cycle);
    expect(check(root).ok).toBe(false);
    expect(check(root, { updateBaseline: true }).ok).toBe(true);
    expect(check(root).ok).toBe(true);

    writeTree(root, {
      'apps/server/src/modules/users/users.service.ts':
        allowedTree['apps/server/src/modules/users/users.service.ts'] ?? '',
    });
    const report = check(root);
    expect(report.ok).toBe(false);
    expect(report.stale).toEqual([
      { rule: 'cycle', key: 'letters → users' },
      { rule: 'cycle', key: 'users → letters' },
    ]);
    expect(report.output).toContain('✗ [stale baseline] cycle: users → letters');
    expect(report.output).toContain('--update-baseline');
  });

  it('fails on a stale entry written by hand', () => {
    const root = fixture({
      [baselineFile]: JSON.stringify({ table: ['apps/server/src/plugins/jobs.ts: letters'] }),
    });
    const report = check(root);
    expect(report.ok).toBe(false);
    expect(report.stale).toEqual([
      { rule: 'table', key: 'apps/server/src/plugins/jobs.ts: letters' },
    ]);
  });

  it('fails when docs/architecture.md no longer shows the module graph', () => {
    const root = fixture();
    expect(check(root).ok).toBe(true);
    writeTree(root, {
      'apps/server/src/modules/sender-api/sender-api.service.ts':
        "import { findUser } from '../users/users.service.ts';\nexport const send = findUser;",
    });
    const report = check(root, { writeDocs: false });
    expect(report.ok).toBe(false);
    expect(report.output).toContain(`✗ [docs] ${docsFile} is out of date`);
  });

  it('exits non-zero from the command line on a violation', () => {
    const root = fixture({
      'apps/web/src/lib/server.ts':
        "import { now } from '../../../server/src/clock.ts';\nexport const n = now;",
    });
    const result = spawnSync(process.execPath, ['tools/architecture/check.ts', '--root', root], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(result.stderr).toContain('✗ [cross-app] apps/web/src/lib/server.ts:1');
    expect(result.status).toBe(1);
  });

  it('passes the repository itself', () => {
    const result = spawnSync(process.execPath, ['tools/architecture/check.ts'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('ok');
    expect(result.status).toBe(0);
  });
});
