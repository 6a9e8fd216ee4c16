import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataExportSchema, latestDataExportSchema } from '@kuvert/shared/data-export';
import { newId } from '../../db/ids.ts';
import { jsonRowsContributor } from '../../personal-data/personal-data-contributors.ts';
import { createLoggedInUser, login } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { publishTestForm } from '../../test/forms.ts';
import {
  addMember,
  createSharedAccount,
  createTestProvider,
  deliverTestLetter,
  moveLetterToAccount,
  samplePdf,
} from '../../test/mailbox.ts';
import { liveMemoryGrowthDuring } from '../../test/streams.ts';
import { dataExportSettings, scheduleDataExportCleanUp } from './data-export-job.ts';

type User = Awaited<ReturnType<typeof createLoggedInUser>>;

interface Manifest {
  formatVersion: number;
  parts: number;
  counts: Record<string, number>;
  files: { path: string; part: number; size: number; sha256: string }[];
}

function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((entry) => statSync(path.join(root, entry)).isFile())
    .map((entry) => entry.split(path.sep).join('/'))
    .toSorted();
}

describe.each(testEngines)('download my data (%s)', (engine) => {
  let t: TestApp;
  let anna: User;
  let apiKey: string;
  let providerId: string;
  let work: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    anna = await createLoggedInUser(t.app, { firstName: 'Anna', lastName: 'Berg' });
    const provider = await createTestProvider(t.app, { name: 'Stadtwerke' });
    apiKey = provider.apiKey;
    providerId = provider.provider.id;
    work = mkdtempSync(path.join(os.tmpdir(), 'kuvert-export-test-'));
  });
  afterEach(async () => {
    await t.close();
    rmSync(work, { recursive: true, force: true });
  });

  function request(user: User) {
    return t.app.inject({ method: 'POST', url: '/api/profile/data-export', headers: user.headers });
  }

  async function latest(user: User) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/profile/data-export',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    return latestDataExportSchema.parse(response.json()).export;
  }

  /** Asks, runs the job, downloads every part; answers the folder they are unpacked into. */
  async function exportOf(user: User) {
    const asked = await request(user);
    expect(asked.statusCode).toBe(202);
    await t.app.jobs.runDueJobs();
    const ready = await latest(user);
    expect(ready?.status).toBe('ready');
    if (!ready) throw new Error('no export');
    const into = path.join(work, user.user.id);
    const zips: string[] = [];
    for (const part of ready.parts) {
      const response = await t.app.inject({
        method: 'GET',
        url: part.url,
        headers: { cookie: user.cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toContain('attachment');
      const file = path.join(work, part.filename);
      writeFileSync(file, response.rawPayload);
      expect(createHash('sha256').update(response.rawPayload).digest('hex')).toBe(part.sha256);
      // Every part is a ZIP of its own (and no ZIP64: `unzip -t` reads it, as any tool does).
      execFileSync('unzip', ['-tq', file]);
      execFileSync('unzip', ['-qo', file, '-d', into]);
      zips.push(file);
    }
    const manifest: Manifest = JSON.parse(readFileSync(path.join(into, 'manifest.json'), 'utf8'));
    return { ready, into, zips, manifest };
  }

  it('streams one ZIP whose files match the manifest, and mails the person', async () => {
    const pdf = await samplePdf('Stromrechnung');
    await deliverTestLetter(
      t.app,
      apiKey,
      anna.email,
      { subject: 'Ihre Rechnung' },
      {
        documents: [{ filename: 'rechnung.pdf', content: pdf }],
      },
    );
    await deliverTestLetter(t.app, apiKey, anna.email, { subject: 'Willkommen' });
    const { ready, into, manifest } = await exportOf(anna);

    expect(ready.parts).toHaveLength(1);
    expect(manifest.formatVersion).toBe(1);
    expect(manifest.parts).toBe(1);
    expect(manifest.counts).toMatchObject({ letters: 2, documents: 2, profile: 1 });
    expect(manifest.counts.security_events).toBeGreaterThan(0);
    // Every file is listed with its size and hash, and nothing else is in the ZIP.
    const listed = manifest.files.map((file) => file.path).toSorted();
    expect(filesUnder(into).filter((file) => file !== 'manifest.json')).toEqual(listed);
    for (const file of manifest.files) {
      const bytes = readFileSync(path.join(into, file.path));
      expect(bytes.length).toBe(file.size);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
    }
    const documents = manifest.files.filter((file) => file.path.endsWith('rechnung.pdf'));
    expect(documents).toHaveLength(1);
    expect(documents[0]?.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    expect(listed).toEqual(
      expect.arrayContaining([
        'profile/profile.json',
        'profile/sessions.json',
        'profile/security-log.json',
      ]),
    );
    // No secret of a session goes into the export.
    const sessions = readFileSync(path.join(into, 'profile/sessions.json'), 'utf8');
    expect(sessions).not.toMatch(/secret|csrf/);

    const mail = t.mailer.sent.at(-1);
    expect(mail?.to).toBe(anna.email);
    expect(mail?.subject).toMatch(/ready/);
  });

  it('gives a member of a shared mailbox only what they may see, and nothing after their end date', async () => {
    const vera = await createLoggedInUser(t.app, { firstName: 'Vera', lastName: 'Berg' });
    const olaf = await createLoggedInUser(t.app, { firstName: 'Olaf', lastName: 'Berg' });
    const shared = await createSharedAccount(t.app, anna.user.id, 'owner');
    await addMember(t.app, shared, vera.user.id, 'viewer');
    await addMember(t.app, shared, olaf.user.id, 'member');
    const letterId = await deliverTestLetter(t.app, apiKey, anna.email, { subject: 'Gemeinsam' });
    await moveLetterToAccount(t.app, letterId, shared);
    // A submitted form of the shared mailbox: members see it, a viewer does not.
    const formId = await publishTestForm(t.app, providerId);
    const now = t.clock.now().toISOString();
    await t.app.db
      .insertInto('form_submissions')
      .values({
        id: newId(Date.now()),
        form_id: formId,
        form_version: 1,
        provider_id: providerId,
        account_id: shared,
        submitted_by_user_id: anna.user.id,
        reference: 'F-1',
        data: '{}',
        submitter_name: 'Anna Berg',
        submitter_email: anna.email,
        status: 'delivered',
        failure_reason: null,
        language: 'de',
        draft_id: null,
        created_at: now,
        delivered_at: now,
      })
      .execute();

    const viewer = await exportOf(vera);
    expect(viewer.manifest.counts.letters).toBe(1);
    expect(viewer.manifest.counts.form_submissions).toBeUndefined();
    const member = await exportOf(olaf);
    expect(member.manifest.counts.letters).toBe(1);
    expect(member.manifest.counts.form_submissions).toBe(1);
    // Anna's security log is hers: it is not in Olaf's export.
    const olafsLog = readFileSync(path.join(member.into, 'profile/security-log.json'), 'utf8');
    expect(JSON.parse(olafsLog)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ type: 'password_changed' })]),
    );

    // Vera's access ended yesterday: her next export holds nothing of the shared mailbox.
    await t.app.db
      .updateTable('memberships')
      .set({ access_until: '2000-01-01' })
      .where('user_id', '=', vera.user.id)
      .where('account_id', '=', shared)
      .execute();
    const after = await exportOf(vera);
    expect(after.manifest.counts.letters).toBeUndefined();
    expect(after.manifest.files.some((file) => file.path.includes(shared))).toBe(false);
  });

  it("answers 404 for another person's download, and one export at a time", async () => {
    await deliverTestLetter(t.app, apiKey, anna.email, { subject: 'Eins' });
    const first = await request(anna);
    expect(first.statusCode).toBe(202);
    const made = dataExportSchema.parse(first.json());
    // A second request while the first runs: a named error, in parallel too.
    const again = await Promise.all([request(anna), request(anna)]);
    for (const response of again) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'DATA_EXPORT_RUNNING' });
    }
    expect((await latest(anna))?.id).toBe(made.id);
    await t.app.jobs.runDueJobs();
    const ready = await latest(anna);
    const url = ready?.parts[0]?.url ?? '';
    expect(url).not.toBe('');

    const ben = await createLoggedInUser(t.app);
    const stolen = await t.app.inject({ method: 'GET', url, headers: { cookie: ben.cookie } });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const noPart = await t.app.inject({
      method: 'GET',
      url: url.replace(/parts\/1$/, 'parts/2'),
      headers: { cookie: anna.cookie },
    });
    expect(noPart.statusCode).toBe(404);
    // Once ready, a new export may be asked for; when it is ready, it replaces the old one.
    expect((await request(anna)).statusCode).toBe(202);
    expect((await latest(anna))?.status).toBe('pending');
    await t.app.jobs.runDueJobs();
    const newer = await latest(anna);
    expect(newer?.status).toBe('ready');
    expect(newer?.id).not.toBe(made.id);
    const replaced = await t.app.inject({ method: 'GET', url, headers: { cookie: anna.cookie } });
    expect(replaced.statusCode).toBe(404);
  });

  it('is gone after 7 days: DATA_EXPORT_EXPIRED, then removed by the clean-up', async () => {
    await deliverTestLetter(t.app, apiKey, anna.email, { subject: 'Eins' });
    expect((await request(anna)).statusCode).toBe(202);
    await t.app.jobs.runDueJobs();
    const ready = await latest(anna);
    const url = ready?.parts[0]?.url ?? '';
    const keyRows = await t.app.db.selectFrom('data_export_parts').select('document_key').execute();
    expect(keyRows).toHaveLength(1);
    const key = keyRows[0]?.document_key ?? '';
    expect(await t.app.documents.exists(key)).toBe(true);

    t.clock.advanceSeconds(7 * 24 * 3600 + 1);
    anna = { ...anna, ...(await login(t.app, anna.email, anna.password)) };
    const late = await t.app.inject({ method: 'GET', url, headers: { cookie: anna.cookie } });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ code: 'DATA_EXPORT_EXPIRED' });
    expect(await latest(anna)).toBeNull();
    // The hourly clean-up (queued when the worker starts) removes it and its file.
    await scheduleDataExportCleanUp(t.app);
    await t.app.jobs.runDueJobs();
    expect(await t.app.db.selectFrom('data_exports').selectAll().execute()).toEqual([]);
    t.clock.advanceSeconds(3600);
    await t.app.jobs.runDueJobs();
    expect(await t.app.documents.exists(key)).toBe(false);
    anna = { ...anna, ...(await login(t.app, anna.email, anna.password)) };
    const gone = await t.app.inject({ method: 'GET', url, headers: { cookie: anna.cookie } });
    expect(gone.statusCode).toBe(404);
  });

  it('splits into parts below the limit, each a valid ZIP, the manifest in the last', async () => {
    dataExportSettings(t.app).partLimitBytes = 40_000;
    const hashes = new Set<string>();
    for (let n = 0; n < 6; n += 1) {
      // Each document about 15 KB of incompressible bytes: a part holds two at most.
      const content = Buffer.concat([await samplePdf(`Brief ${n}`), randomBytes(15_000)]);
      hashes.add(createHash('sha256').update(content).digest('hex'));
      await deliverTestLetter(
        t.app,
        apiKey,
        anna.email,
        { subject: `Brief ${n}` },
        {
          documents: [{ filename: `brief-${n}.pdf`, content }],
        },
      );
    }
    const { ready, zips, manifest, into } = await exportOf(anna);
    expect(ready.parts.length).toBeGreaterThan(1);
    expect(manifest.parts).toBe(ready.parts.length);
    for (const zip of zips) expect(statSync(zip).size).toBeLessThanOrEqual(40_000);
    // The manifest is in the last part only, and names the part of each file.
    const last = zips.at(-1) ?? '';
    expect(execFileSync('unzip', ['-Z1', last], { encoding: 'utf8' })).toContain('manifest.json');
    for (const zip of zips.slice(0, -1)) {
      expect(execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' })).not.toContain(
        'manifest.json',
      );
    }
    for (const file of manifest.files) {
      const zip = zips[file.part - 1] ?? '';
      expect(execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).split('\n')).toContain(
        file.path,
      );
      const bytes = readFileSync(path.join(into, file.path));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
    }
    const documentHashes = manifest.files
      .filter((file) => file.path.endsWith('.pdf'))
      .map((file) => file.sha256);
    expect(new Set(documentHashes)).toEqual(hashes);
  });

  it('takes a registered area that returns rows in one line', async () => {
    t.app.personalData.register(
      jsonRowsContributor('calendar-feeds', async (_db, userId) => [
        { user_id: userId, name: 'Feed' },
      ]),
    );
    const { into, manifest } = await exportOf(anna);
    expect(manifest.counts['calendar-feeds']).toBe(1);
    expect(
      JSON.parse(readFileSync(path.join(into, 'calendar-feeds/calendar-feeds.json'), 'utf8')),
    ).toEqual([{ user_id: anna.user.id, name: 'Feed' }]);
  });

  it('keeps memory flat while it streams large documents', async () => {
    // 8 documents of 6 MB each: an export that held files would grow by 48 MB.
    const big = Buffer.alloc(6 * 1024 * 1024);
    for (let n = 0; n < 8; n += 1) {
      big.fill(n + 1);
      const content = Buffer.concat([await samplePdf(`Groß ${n}`), big]);
      await deliverTestLetter(
        t.app,
        apiKey,
        anna.email,
        { subject: `Groß ${n}` },
        {
          documents: [{ filename: `gross-${n}.pdf`, content }],
        },
      );
    }
    expect((await request(anna)).statusCode).toBe(202);
    const growth = await liveMemoryGrowthDuring(() => t.app.jobs.runDueJobs());
    expect((await latest(anna))?.status).toBe('ready');
    expect(growth).toBeLessThan(24 * 1024 * 1024);
  });
});
