// The bench measures the real app in-process, so it imports server code (as mailbox.ts does).
// oxlint-disable no-restricted-imports
import { createHash, randomFillSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { newId } from '../apps/server/src/db/ids.ts';
import { hashPassword } from '../apps/server/src/plugins/passwords.ts';
import { BENCH_EMAIL, BENCH_PASSWORD } from './mailbox.ts';
import { machineLine, writeBenchmarkSection } from './report.ts';
import { startSeededApp } from './seeded-app.ts';

/** The budget: the export's memory growth, whatever its size. */
const MEMORY_BUDGET_MB = 100;
const LETTERS = Number(process.env.BENCH_EXPORT_LETTERS ?? 10_000);
/** 1 GiB of documents in all, one distinct document per letter. */
const TOTAL_DOCUMENT_BYTES = Number(process.env.BENCH_EXPORT_BYTES ?? 1024 ** 3);
const SAMPLE_MS = 100;

interface Seeded {
  documentBytes: number;
}

/**
 * One person with LETTERS letters in their mailbox, each with its own PDF-sized document of
 * random bytes (nothing to compress), written where the file-system store keeps them.
 */
function seedExport(file: string, passwordHash: string): Seeded {
  const dataDir = path.dirname(file);
  const database = new DatabaseSync(file);
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA synchronous = OFF');
  const nowIso = new Date().toISOString();
  const userId = newId(Date.now());
  const accountId = newId(Date.now());
  const providerId = newId(Date.now());
  database.exec('BEGIN');
  database
    .prepare(
      `insert into users (id, email, email_verified_at, password_hash, first_name, last_name, created_at, updated_at)
       values (?, ?, ?, ?, 'Bench', 'Export', ?, ?)`,
    )
    .run(userId, BENCH_EMAIL, nowIso, passwordHash, nowIso, nowIso);
  database
    .prepare(
      `insert into accounts (id, name, kind, created_at) values (?, 'Bench Export', 'personal', ?)`,
    )
    .run(accountId, nowIso);
  database
    .prepare(
      `insert into memberships (account_id, user_id, role, created_at) values (?, ?, 'owner', ?)`,
    )
    .run(accountId, userId, nowIso);
  database
    .prepare(
      `insert into providers (id, name, category, verified_at, created_at) values (?, 'Stadtwerke', 'utility', ?, ?)`,
    )
    .run(providerId, nowIso, nowIso);
  const insertLetter = database.prepare(
    `insert into letters (id, account_id, provider_id, direction, kind, subject, body, recipient_email,
       delivery_status, created_at)
     values (?, ?, ?, 'inbound', 'letter', ?, 'Sehr geehrte Damen und Herren, anbei Ihr Schreiben.', ?, 'delivered', ?)`,
  );
  const insertDocument = database.prepare(
    `insert into letter_documents (id, letter_id, position, filename, content_type, size, storage_key,
       page_count, created_at)
     values (?, ?, 0, 'brief.pdf', 'application/pdf', ?, ?, 1, ?)`,
  );
  const size = Math.floor(TOTAL_DOCUMENT_BYTES / LETTERS);
  const content = Buffer.alloc(size);
  const start = Date.UTC(2020, 0, 1);
  let documentBytes = 0;
  for (let i = 0; i < LETTERS; i++) {
    randomFillSync(content);
    const key = createHash('sha256').update(content).digest('hex');
    const folder = path.join(dataDir, 'documents', key.slice(0, 2), key.slice(2, 4));
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, key), content);
    documentBytes += size;
    const createdIso = new Date(start + i * 3_600_000).toISOString();
    const letterId = newId(start + i * 3_600_000);
    insertLetter.run(letterId, accountId, providerId, `Schreiben ${i}`, BENCH_EMAIL, createdIso);
    insertDocument.run(newId(start + i * 3_600_000), letterId, size, key, createdIso);
  }
  database.exec('COMMIT');
  database.exec('ANALYZE');
  database.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  database.close();
  return { documentBytes };
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const mark = (ok: boolean) => (ok ? '✓' : '✗ missed');

/** "Download my data" of 10⁴ letters with 1 GiB of documents: duration and memory growth. */
export async function benchDataExport(): Promise<boolean> {
  const [busyBefore = 0] = loadavg();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const seeded = await startSeededApp('data-export', async (file) =>
    seedExport(file, passwordHash),
  );
  console.log(
    `data-export: seeded ${LETTERS} letters, ${mb(seeded.seeded.documentBytes).toFixed(0)} MB of documents in ${seeded.seedSeconds.toFixed(1)} s`,
  );
  let duration = 0;
  let rssGrowth = 0;
  let heapGrowth = 0;
  let externalGrowth = 0;
  let zipBytes = 0;
  let parts = 0;
  let files = 0;
  try {
    const login = await fetch(`${seeded.appUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
    });
    const session: { csrf_token: string } = await login.json();
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const asked = await fetch(`${seeded.appUrl}/api/profile/data-export`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': session.csrf_token, origin: seeded.appUrl },
    });
    if (asked.status !== 202) throw new Error(`export: ${asked.status} ${await asked.text()}`);

    globalThis.gc?.();
    const before = process.memoryUsage();
    const peak = { rss: before.rss, heapUsed: before.heapUsed, external: before.external };
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
      peak.external = Math.max(peak.external, now.external);
    }, SAMPLE_MS);
    const started = performance.now();
    try {
      await seeded.app.jobs.runDueJobs();
    } finally {
      clearInterval(sampler);
    }
    duration = (performance.now() - started) / 1000;
    rssGrowth = mb(peak.rss - before.rss);
    heapGrowth = mb(peak.heapUsed - before.heapUsed);
    externalGrowth = mb(peak.external - before.external);

    const latest = await fetch(`${seeded.appUrl}/api/profile/data-export`, { headers: { cookie } });
    const body: {
      export: { status: string; files_done: number; parts: { size: number }[] } | null;
    } = await latest.json();
    if (body.export?.status !== 'ready')
      throw new Error(`export not ready: ${JSON.stringify(body)}`);
    files = body.export.files_done;
    parts = body.export.parts.length;
    zipBytes = body.export.parts.reduce((sum, part) => sum + part.size, 0);
  } finally {
    await seeded.close();
  }

  const isWithin = rssGrowth < MEMORY_BUDGET_MB;
  const report = `## Download my data

${machineLine()}; load average ${busyBefore.toFixed(1)} when the run began (2 cores, shared with
other work). One person with ${LETTERS.toLocaleString('en')} letters, each with its own document
of random bytes, ${mb(seeded.seeded.documentBytes).toFixed(0)} MB in all, on SQLite and the
file-system document store. The export job runs in the bench process (\`runDueJobs\`) while
\`process.memoryUsage()\` is sampled every ${SAMPLE_MS} ms; growth is the peak minus the value
when the job started.

| measured | value |
| --- | --- |
| files in the ZIP (with letter.json, profile, manifest) | ${files.toLocaleString('en')} |
| ZIP parts / total size | ${parts} / ${mb(zipBytes).toFixed(0)} MB |
| duration | ${duration.toFixed(1)} s (${(mb(zipBytes) / duration).toFixed(1)} MB/s) |
| RSS growth (peak) | ${rssGrowth.toFixed(1)} MB |
| heap used growth (peak) | ${heapGrowth.toFixed(1)} MB |
| external memory growth (peak) | ${externalGrowth.toFixed(1)} MB |

### Budget

| budget | measured | |
| --- | --- | --- |
| memory growth (RSS) < ${MEMORY_BUDGET_MB} MB | ${rssGrowth.toFixed(1)} MB | ${mark(isWithin)} |`;
  writeBenchmarkSection('data-export', report);
  console.log(
    `data-export: ${files} files, ${mb(zipBytes).toFixed(0)} MB in ${parts} part(s), ${duration.toFixed(1)} s, RSS growth ${rssGrowth.toFixed(1)} MB (budget < ${MEMORY_BUDGET_MB})`,
  );
  return isWithin;
}
