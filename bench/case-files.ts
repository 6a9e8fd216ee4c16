// The bench measures the real app in-process, so it imports server code (as mailbox.ts does).
// oxlint-disable no-restricted-imports
import { loadavg } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { newId } from '../apps/server/src/db/ids.ts';
import { hashPassword } from '../apps/server/src/plugins/passwords.ts';
import { BENCH_PASSWORD, random, seed, sentence } from './mailbox.ts';
import { machineLine, writeBenchmarkSection } from './report.ts';
import { startSeededApp, type SeededApp } from './seeded-app.ts';

/** The issue's budget: a file's timeline at 10⁴ items within 1.3× of its p50 at 10². */
const GROWTH_BUDGET = 1.3;
const SIZES = [100, 10_000];
/** Letters of the mailbox bench's accounts; the bench account gets about half of them. */
const LETTERS = 2000;
/** Files of the bench account; one holds `items`, the others share as many again. */
const FILES = 50;
/** Timed requests per endpoint and size, the sizes taking turns request by request. */
const SAMPLES = 400;
const WARM_UP = 50;

interface Seeded {
  accountId: string;
  bigFileId: string;
  letterId: string;
}

/**
 * The bench account's case files: FILES files, the first with `items` items, the others with
 * `items` more between them; each item links one of the account's letters and carries a
 * reference number, as items added from the inbox do.
 */
function seedCaseFiles(file: string, items: number, accountId: string): Seeded {
  const database = new DatabaseSync(file);
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA synchronous = OFF');
  const [measuredLetterId = '', ...letterIds] = database
    .prepare(`select id from letters where account_id = ? order by id`)
    .all(accountId)
    .map((row) => String(row.id));
  const next = random(items + 7);
  const nowIso = new Date().toISOString();
  const start = Date.UTC(2016, 0, 1);
  const span = Date.now() - start;
  const insertFile = database.prepare(
    `insert into case_files (id, account_id, title, title_key, description, color, item_count,
       last_activity_at, created_at, updated_at)
     values (?, ?, ?, ?, ?, 'blue', ?, ?, ?, ?)`,
  );
  const insertItem = database.prepare(
    `insert into case_file_items (id, file_id, account_id, title, item_date, notes, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertLink = database.prepare(
    `insert into case_file_item_letters (item_id, letter_id, position) values (?, ?, ?)`,
  );
  const insertReference = database.prepare(
    `insert into case_file_references (item_id, reference, file_id, account_id, display)
     values (?, ?, ?, ?, ?)`,
  );
  database.exec('BEGIN');
  const fileIds: string[] = [];
  for (let f = 0; f < FILES; f++) {
    const id = newId(start + f);
    const count = f === 0 ? items : Math.floor(items / (FILES - 1));
    const title = `${sentence(next, 2)} ${f}`;
    insertFile.run(
      id,
      accountId,
      title,
      title.toLowerCase(),
      sentence(next, 12),
      count,
      nowIso,
      nowIso,
      nowIso,
    );
    fileIds.push(id);
    for (let i = 0; i < count; i++) {
      const at = start + Math.floor(next() * span);
      const itemId = newId(at);
      const iso = new Date(at).toISOString();
      insertItem.run(
        itemId,
        id,
        accountId,
        sentence(next, 5),
        iso.slice(0, 10),
        sentence(next, 40),
        iso,
        iso,
      );
      const letterId = letterIds[Math.floor(next() * letterIds.length)];
      if (letterId) insertLink.run(itemId, letterId, 0);
      // The letter whose files are measured is in one item at every size.
      if (f === 0 && i === 0) insertLink.run(itemId, measuredLetterId, 1);
      const reference = `${f}${i}${Math.floor(next() * 1e6)}`;
      insertReference.run(itemId, reference, id, accountId, `Kundennummer ${reference}`);
    }
  }
  database.exec('COMMIT');
  database.exec('ANALYZE');
  database.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  database.close();
  return { accountId, bigFileId: fileIds[0] ?? '', letterId: measuredLetterId };
}

interface Endpoint {
  name: string;
  path: (seeded: Seeded, cursor: string | null) => string;
  /** The page whose `next_cursor` this endpoint reads (the second page reads the first's). */
  cursorFrom?: (seeded: Seeded) => string;
}

const timelinePage = (seeded: Seeded) => `/api/case-files/${seeded.bigFileId}/items?limit=50`;

const ENDPOINTS: Endpoint[] = [
  { name: 'timeline, first page', path: timelinePage },
  {
    name: 'timeline, second page',
    path: (s, cursor) => `${timelinePage(s)}&cursor=${encodeURIComponent(cursor ?? '')}`,
    cursorFrom: timelinePage,
  },
  { name: 'files list, latest activity', path: (s) => `/api/case-files?account_id=${s.accountId}` },
  {
    name: 'files list, A–Z',
    path: (s) => `/api/case-files?account_id=${s.accountId}&sort=title`,
  },
  {
    name: "a letter's files and suggestions",
    path: (s) => `/api/case-files/of-letter/${s.letterId}`,
  },
];

async function get(app: SeededApp<Seeded>, path: string): Promise<Response> {
  const response = await fetch(`${app.appUrl}${path}`, { headers: { cookie: app.cookie } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

async function timed(app: SeededApp<Seeded>, path: string): Promise<number> {
  const started = performance.now();
  await (await get(app, path)).arrayBuffer();
  return performance.now() - started;
}

const percentile = (values: number[], share: number) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
};

interface Row {
  name: string;
  p50: number[];
  p99: number[];
}

/** Each endpoint, one request at a time, the sizes taking turns request by request. */
async function measure(apps: SeededApp<Seeded>[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const endpoint of ENDPOINTS) {
    const paths: string[] = [];
    for (const app of apps) {
      let cursor: string | null = null;
      if (endpoint.cursorFrom) {
        const first = await get(app, endpoint.cursorFrom(app.seeded));
        const page: { next_cursor: string | null } = await first.json();
        cursor = page.next_cursor;
      }
      paths.push(endpoint.path(app.seeded, cursor));
    }
    const samples = apps.map(() => new Array<number>());
    for (let round = 0; round < WARM_UP + SAMPLES; round++) {
      for (const [index, app] of apps.entries()) {
        const duration = await timed(app, paths[index] ?? '');
        if (round >= WARM_UP) samples[index]?.push(duration);
      }
    }
    rows.push({
      name: endpoint.name,
      p50: samples.map((values) => percentile(values, 0.5)),
      p99: samples.map((values) => percentile(values, 0.99)),
    });
  }
  return rows;
}

const format = (value: number, digits = 2) => value.toFixed(digits);
const sizeLabel = (count: number) => `10^${Math.round(Math.log10(count))}`;
const mark = (ok: boolean) => (ok ? '✓' : '✗ missed');

/** A file's timeline and the files list as a file grows from 10² to 10⁴ items. */
export async function benchCaseFiles(): Promise<boolean> {
  const [busyBefore = 0] = loadavg();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const apps: SeededApp<Seeded>[] = [];
  let rows: Row[];
  try {
    for (const items of SIZES) {
      const app = await startSeededApp('case-files', async (file) => {
        const { accountId } = await seed(file, LETTERS, passwordHash);
        return seedCaseFiles(file, items, accountId);
      });
      console.log(`case-files: seeded ${items} items in ${app.seedSeconds.toFixed(1)} s`);
      apps.push(app);
    }
    rows = await measure(apps);
  } finally {
    for (const app of apps) await app.close();
  }
  const last = SIZES.length - 1;
  const growths = rows.map((row) => ({
    name: row.name,
    growth: (row.p50[last] ?? Number.NaN) / (row.p50[0] ?? Number.NaN),
  }));
  const isFlat = growths.every((entry) => entry.growth <= GROWTH_BUDGET);
  const report = `## Case files

${machineLine()}; load average ${format(busyBefore, 1)} when the run began. One request at a time,
${SAMPLES} timed requests per row and size after ${WARM_UP} to warm up, the sizes taking turns
request by request (an app for each, in the bench process, on its own scratch SQLite database),
so a busy moment weighs on both alike. The bench account has ${FILES} files and about 1000
letters; one file holds the size's items, the other files as many again between them. Every
item links a letter and has a reference number; the letter whose files are asked for is in one
item at both sizes.

| request | ${SIZES.map((size) => `p50 ms at ${sizeLabel(size)}`).join(' | ')} | ${SIZES.map((size) => `p99 ms at ${sizeLabel(size)}`).join(' | ')} |
| --- | ${SIZES.map(() => '---').join(' | ')} | ${SIZES.map(() => '---').join(' | ')} |
${rows.map((row) => `| ${row.name} | ${row.p50.map((value) => format(value)).join(' | ')} | ${row.p99.map((value) => format(value)).join(' | ')} |`).join('\n')}

### Budget

| budget | measured | |
| --- | --- | --- |
${growths
  .map(
    (entry) =>
      `| ${entry.name}: p50 ${sizeLabel(SIZES[last] ?? 0)}/${sizeLabel(SIZES[0] ?? 0)} ≤ ${GROWTH_BUDGET} | ${format(entry.growth)} | ${mark(entry.growth <= GROWTH_BUDGET)} |`,
  )
  .join('\n')}`;
  writeBenchmarkSection('case-files', report);
  console.log(
    `case-files: p50 growth ${growths.map((entry) => `${entry.name} ${format(entry.growth)}`).join(', ')} (budget ≤ ${GROWTH_BUDGET})`,
  );
  return isFlat;
}
