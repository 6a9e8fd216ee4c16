// The bench measures the real app in-process and seeds with the search repository's own
// indexing, so it imports server code (as mailbox.ts does).
// oxlint-disable no-restricted-imports
import { loadavg } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, SqliteDialect } from 'kysely';
import { newId } from '../apps/server/src/db/ids.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { indexSqliteUploads } from '../apps/server/src/modules/search/sqlite-upload-search.repository.ts';
import { hashPassword } from '../apps/server/src/plugins/passwords.ts';
import {
  BENCH_PASSWORD,
  kyselyDatabase,
  measureSideBySide,
  random,
  seed,
  sentence,
  type Endpoint,
  type Measurement,
} from './mailbox.ts';
import { machineLine, writeBenchmarkSection } from './report.ts';
import { startSeededApp } from './seeded-app.ts';

/** DESIGN §7's "flat", as for letters: p50 grows at most twofold from the smallest size. */
const GROWTH_BUDGET = 2;
const SIZES = [10_000, 100_000];
/**
 * While iterating: `BENCH_UPLOAD_SIZES=10000` measures only the listed sizes; such a partial
 * run prints its report and leaves docs/benchmarks.md alone.
 */
const SIZES_OVERRIDE = process.env.BENCH_UPLOAD_SIZES?.split(',').map(Number);
/** Letters beside the uploads, the same at every size: `kind=all` reads both indexes. */
const LETTERS = 10_000;
/** The bench account's uploads at every size, so growth shows what the database costs. */
const BENCH_ACCOUNT_UPLOADS = 1000;
/** About one page of a scanned letter, in words. */
const TEXT_WORDS = 150;
const BATCH = 10_000;
/** In the text of about 1 upload in 100, in every account. */
const RARE_WORD = 'kontoauszug';
/** In most uploads' text (the generator's vocabulary): every match is ranked. */
const COMMON_WORD = 'rechnung';
const NAMES = ['Scan', 'Foto', 'Vertrag', 'Rechnung', 'Bescheid', 'Quittung', 'Tabelle'];
const TYPES = [
  ['application/pdf', 'pdf'],
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['text/csv', 'csv'],
] as const;

interface SizeResult {
  uploads: number;
  benchUploads: number;
  seedSeconds: number;
  measurements: Measurement[];
}

/**
 * Adds `uploads` stored, read uploads over the accounts `seed` made (the bench account gets
 * about BENCH_ACCOUNT_UPLOADS of them, 2% of all in the trash), and indexes them with the
 * repository's own indexing, batch by batch of rowids.
 */
async function seedUploads(file: string, uploads: number, benchAccountId: string) {
  const database = new DatabaseSync(file);
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA synchronous = OFF');
  database.exec('PRAGMA cache_size = -262144');
  const accountIds = database
    .prepare('select id from accounts where id <> ? order by id')
    .all(benchAccountId)
    .map((row) => String(row.id));
  const insert = database.prepare(
    `insert into uploads (id, account_id, name, status, content_type, size, received_bytes,
       storage_key, sha256, text_status, text_source, text, page_count, created_at, updated_at,
       stored_at, trashed_at)
     values (?, ?, ?, 'stored', ?, ?, ?, ?, ?, 'extracted', ?, ?, ?, ?, ?, ?, ?)`,
  );
  const searchDb = new Kysely<Database>({
    dialect: new SqliteDialect({ database: kyselyDatabase(database) }),
  });
  const next = random(uploads + 1);
  const start = Date.UTC(2024, 0, 1);
  const span = Date.now() - start;
  const benchShare = BENCH_ACCOUNT_UPLOADS / uploads;
  let benchUploads = 0;
  for (let first = 0; first < uploads; first += BATCH) {
    const last = Math.min(first + BATCH, uploads);
    database.exec('BEGIN');
    for (let i = first; i < last; i++) {
      const createdAt = new Date(start + Math.floor((span * i) / uploads)).toISOString();
      const isBench = next() < benchShare;
      if (isBench) benchUploads++;
      const accountId = isBench
        ? benchAccountId
        : (accountIds[Math.floor(next() * accountIds.length)] ?? benchAccountId);
      const [contentType, extension] = TYPES[i % TYPES.length] ?? TYPES[0];
      const text = `${sentence(next, TEXT_WORDS)}${next() < 0.01 ? ` ${RARE_WORD}` : ''}`;
      const size = 50_000 + Math.floor(next() * 2_000_000);
      insert.run(
        newId(Date.parse(createdAt)),
        accountId,
        `${NAMES[i % NAMES.length] ?? 'Scan'} ${sentence(next, 2)} ${i}.${extension}`,
        contentType,
        size,
        size,
        `sha256-upload-${i}`,
        'a'.repeat(64),
        contentType === 'application/pdf' ? 'pdf' : 'ocr',
        text,
        1,
        createdAt,
        createdAt,
        createdAt,
        next() < 0.02 ? createdAt : null,
      );
    }
    database.exec('COMMIT');
  }
  const { last } = database.prepare('select max(rowid) as last from uploads').get() ?? {};
  for (let first = 1; first <= Number(last ?? 0); first += BATCH) {
    await indexSqliteUploads(searchDb, first, Math.min(first + BATCH - 1, Number(last)));
  }
  await searchDb.destroy();
  database.exec('ANALYZE');
  database.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  database.close();
  return benchUploads;
}

/** One size's database and the app serving it, logged in as the bench user. */
interface RunningSize {
  uploads: number;
  benchUploads: number;
  seedSeconds: number;
  searchUrl: (query: string) => string;
  cookie: string;
  close: () => Promise<void>;
}

async function startSize(uploads: number, passwordHash: string): Promise<RunningSize> {
  const app = await startSeededApp('upload-search', async (file) => {
    const { accountId } = await seed(file, LETTERS, passwordHash);
    return { accountId, benchUploads: await seedUploads(file, uploads, accountId) };
  });
  console.log(`upload-search: seeded ${uploads} uploads in ${app.seedSeconds.toFixed(1)} s`);
  return {
    uploads,
    benchUploads: app.seeded.benchUploads,
    seedSeconds: app.seedSeconds,
    searchUrl: (query) => `${app.appUrl}/api/search?account_id=${app.seeded.accountId}&${query}`,
    cookie: app.cookie,
    close: app.close,
  };
}

/** What is searched, as `GET /api/search` query strings. */
const SEARCHES = [
  { name: 'uploads, rare word', query: `kind=uploads&q=${RARE_WORD}` },
  { name: 'uploads, common word', query: `kind=uploads&q=${COMMON_WORD}` },
  { name: 'all, rare word', query: `q=${RARE_WORD}` },
  { name: 'all, common word, newest', query: `sort=newest&q=${COMMON_WORD}` },
];

/**
 * Every search against every size, the sizes taking turns (as the mailbox bench's app and bare
 * server do), so a busy moment on a shared machine weighs on all sizes alike.
 */
async function measureSizes(sizes: RunningSize[]): Promise<SizeResult[]> {
  const results = sizes.map((size) => ({
    uploads: size.uploads,
    benchUploads: size.benchUploads,
    seedSeconds: size.seedSeconds,
    measurements: new Array<Measurement>(),
  }));
  for (const search of SEARCHES) {
    const endpoints: Endpoint[] = sizes.map((size) => ({
      name: search.name,
      url: size.searchUrl(search.query),
      cookie: size.cookie,
    }));
    const measured = await measureSideBySide(endpoints);
    for (const [index, measurement] of measured.entries()) {
      results[index]?.measurements.push(measurement);
    }
  }
  return results;
}

const format = (value: number, digits = 0) => value.toFixed(digits);
const sizeLabel = (count: number) => `10^${Math.round(Math.log10(count))}`;
const mark = (ok: boolean) => (ok ? '✓' : '✗ missed');

/** Search latency over uploads as their number grows tenfold: `BENCH_ONLY=upload-search`. */
export async function benchUploadSearch(): Promise<boolean> {
  // Latencies are only as quiet as the machine: the report says how busy it was.
  const [busyBefore = 0] = loadavg();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const sizes: RunningSize[] = [];
  let results: SizeResult[];
  try {
    for (const uploads of SIZES_OVERRIDE ?? SIZES)
      sizes.push(await startSize(uploads, passwordHash));
    results = await measureSizes(sizes);
  } finally {
    for (const size of sizes) await size.close();
  }
  const [small, large] = [results[0], results.at(-1)];
  const growths = (small?.measurements ?? []).map((measurement) => {
    const grown = large?.measurements.find((candidate) => candidate.name === measurement.name);
    return {
      name: measurement.name,
      growth: (grown?.p50 ?? Number.NaN) / Math.max(measurement.p50, 0.5),
    };
  });
  const isFlat = growths.every((entry) => entry.growth <= GROWTH_BUDGET);

  const tables = results.map(
    (result) => `### ${sizeLabel(result.uploads)} uploads (${result.uploads.toLocaleString('en')})

Seeded in ${format(result.seedSeconds, 1)} s; the bench user's account holds ${result.benchUploads} of them.

| GET /api/search | req/s | p50 ms | p99 ms | errors |
| --- | --- | --- | --- | --- |
${result.measurements
  .map(
    (m) =>
      `| ${m.name} | ${format(m.requestsPerSecond)} | ${format(m.p50, 1)} | ${format(m.p99, 1)} | ${m.errors} |`,
  )
  .join('\n')}`,
  );
  const report = `## Search over uploads

${machineLine()}; load average ${format(busyBefore, 1)} when the run began. autocannon, 10 connections,
1 s warm-up, then 8 s per row in 4 runs of 2 s, the sizes taking turns (an app for each, in the
bench process, on its own scratch SQLite database), so a busy moment weighs on all sizes alike.
Each database holds the mailbox bench's 1000 personal accounts and ${LETTERS.toLocaleString('en')}
letters, plus stored uploads with about ${TEXT_WORDS} words of extracted text each (2% in the
trash), indexed by the search repository's own indexing. The bench account holds about
${BENCH_ACCOUNT_UPLOADS} uploads at every size, so the growth shows what the size of the
database costs, not that of one account. "${RARE_WORD}" is in about 1 upload in 100;
"${COMMON_WORD}" in most, so every one of the account's matches is ranked.

${tables.join('\n\n')}

### Budget

| budget | measured | |
| --- | --- | --- |
${growths
  .map(
    (entry) =>
      `| ${entry.name}: p50 ${sizeLabel(large?.uploads ?? 0)}/${sizeLabel(small?.uploads ?? 0)} ≤ ${GROWTH_BUDGET} | ${format(entry.growth, 2)} | ${mark(entry.growth <= GROWTH_BUDGET)} |`,
  )
  .join('\n')}`;
  if (SIZES_OVERRIDE) console.log(report);
  else writeBenchmarkSection('upload-search', report);
  console.log(
    `upload-search: p50 growth ${growths.map((entry) => `${entry.name} ${format(entry.growth, 2)}`).join(', ')} (budget ≤ ${GROWTH_BUDGET})`,
  );
  return isFlat;
}
