// The bench measures the real app in-process (and captures the inbox SQL from its repository),
// so it is the one place outside apps/server that imports server code.
// oxlint-disable no-restricted-imports
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { connectDatabase, migrateToLatest } from '../apps/server/src/db/connect.ts';
import { newId } from '../apps/server/src/db/ids.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { findLetterPage } from '../apps/server/src/modules/letters/letters.repository.ts';
import { indexSqliteLetters } from '../apps/server/src/modules/search/sqlite-search.repository.ts';
import { hashPassword } from '../apps/server/src/plugins/passwords.ts';
import { machineLine, writeBenchmarkSection } from './report.ts';

/** Issue 26: the inbox page at ≥ 80% of a bare node:http + node:sqlite server's throughput. */
const RATIO_BUDGET = 0.8;
/** DESIGN §7: "flat" latency from 10⁴ to 10⁶ letters, read as p50 growing at most twofold. */
const GROWTH_BUDGET = 2;
/** Issue 26: the search's p50 at 10⁶ letters within 1.3 × its p50 at 10⁴. */
const SEARCH_GROWTH_BUDGET = 1.3;
const SIZES = [10_000, 1_000_000];
/**
 * While iterating: `BENCH_SIZES=10000` measures only the listed sizes. Such a partial run
 * prints its report but leaves docs/benchmarks.md alone, which only a full run writes.
 */
const SIZES_OVERRIDE = process.env.BENCH_SIZES?.split(',').map(Number);
const ACCOUNTS = 1000;
const BENCH_ACCOUNT_LETTERS = 1000;
const PROVIDERS = 200;
const BATCH = 50_000;
const DURATION_SECONDS = 8;
const WARMUP_SECONDS = 1;
const SIDE_BY_SIDE_ROUNDS = 4;
const CONNECTIONS = 10;
const PAGE_SIZE = 50;
export const BENCH_EMAIL = 'bench@kuvert.example';
export const BENCH_PASSWORD = 'bench-password-7f3k';
/** Planted in the body of about 1 letter in 100, in every account: what the search looks for. */
const SEARCH_WORD = 'zahlungserinnerung';

const WORDS = `der die das und ist nicht ein eine wir ihre ihren rechnung vertrag kunde konto monat
  jahr betrag zahlung frist bitte danke anlage dokument bescheid versicherung strom gas wasser
  miete steuer bank karte auskunft termin änderung kündigung bestätigung beitrag gutschrift
  abrechnung lieferung bestellung service hinweis information neue alte gültig ab bis zum für
  mit von bei nach über unter`.split(/\s+/);
const KINDS = ['letter', 'letter', 'letter', 'letter', 'letter', 'letter', 'letter', 'invoice'];

export interface Endpoint {
  name: string;
  url: string;
  cookie?: string;
}

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /**
   * The bench process's main thread's CPU time per request, in µs: the servers' own work,
   * without the load generator (a worker thread). Less swayed than req/s by a busy machine.
   */
  cpuPerRequest: number;
}

/** One load run: autocannon's result and the main thread's CPU time meanwhile (µs). */
interface Run {
  result: autocannon.Result;
  cpuMicros: number;
}

interface SizeResult {
  letters: number;
  benchLetters: number;
  seedSeconds: number;
  measurements: Measurement[];
}

/** What node:sqlite binds: Kysely hands parameters over as unknown. */
function isSqliteInput(value: unknown): value is SQLInputValue {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'bigint' ||
    value instanceof Uint8Array
  );
}

const toSqliteInputs = (values: ReadonlyArray<unknown>): SQLInputValue[] =>
  values.map((value) => {
    if (!isSqliteInput(value)) throw new TypeError(`Cannot bind ${typeof value} to SQLite`);
    return value;
  });

function portOf(server: Server): number {
  const address = server.address();
  return typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0;
}

/** The seeding connection in the shape Kysely's SqliteDialect takes. */
export function kyselyDatabase(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => {},
    prepare: (sql) => {
      const statement = database.prepare(sql);
      return {
        reader: statement.columns().length > 0,
        all: (values) => statement.all(...toSqliteInputs(values)),
        run: (values) => statement.run(...toSqliteInputs(values)),
        iterate: (values) => statement.iterate(...toSqliteInputs(values)),
      };
    },
  };
}

/** A small deterministic generator, so every run seeds the same mailbox. */
export function random(initial: number): () => number {
  let state = initial >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function sentence(next: () => number, words: number): string {
  const parts: string[] = [];
  for (let i = 0; i < words; i++) parts.push(WORDS[Math.floor(next() * WORDS.length)] ?? 'und');
  return parts.join(' ');
}

/**
 * Seeds `letters` letters over ACCOUNTS personal accounts (one user each) from PROVIDERS
 * providers. The bench user's account receives about BENCH_ACCOUNT_LETTERS of them. Rows are the
 * ones deliverLetter writes: the letter, one document, and the search entry, built by the
 * search repository's own indexing over each batch of rowids (no files, no jobs).
 */
export async function seed(
  file: string,
  letters: number,
  passwordHash: string,
): Promise<{ userId: string; accountId: string; benchLetters: number }> {
  const database = new DatabaseSync(file);
  database.exec('PRAGMA journal_mode = WAL');
  // Seeding only: the app opens the file again with its own (durable) settings.
  database.exec('PRAGMA synchronous = OFF');
  database.exec('PRAGMA cache_size = -262144');
  const next = random(letters);
  const start = Date.UTC(2023, 0, 1);
  const nowIso = new Date().toISOString();

  const userIds: string[] = [];
  const accountIds: string[] = [];
  database.exec('BEGIN');
  const insertUser = database.prepare(
    `insert into users (id, email, email_verified_at, password_hash, first_name, last_name, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertAccount = database.prepare(
    `insert into accounts (id, name, kind, created_at) values (?, ?, 'personal', ?)`,
  );
  const insertMembership = database.prepare(
    `insert into memberships (account_id, user_id, role, created_at) values (?, ?, 'owner', ?)`,
  );
  // Accounts opened over the two years before the letters, as ids (UUIDv7) of a real install.
  const opened = (i: number) => start - (i + 1) * 60_000 * 1051;
  for (let i = 0; i < ACCOUNTS; i++) {
    const userId = newId(opened(i));
    const accountId = newId(opened(i));
    const email = i === 0 ? BENCH_EMAIL : `user${i}@kuvert.example`;
    insertUser.run(
      userId,
      email,
      nowIso,
      i === 0 ? passwordHash : null,
      `User${i}`,
      'Bench',
      nowIso,
      nowIso,
    );
    insertAccount.run(accountId, `User${i} Bench`, nowIso);
    insertMembership.run(accountId, userId, nowIso);
    userIds.push(userId);
    accountIds.push(accountId);
  }
  const providerIds: string[] = [];
  const insertProvider = database.prepare(
    `insert into providers (id, name, category, verified_at, created_at) values (?, ?, 'other', ?, ?)`,
  );
  for (let i = 0; i < PROVIDERS; i++) {
    const id = newId(start);
    insertProvider.run(id, `Anbieter ${i} GmbH`, i % 3 === 0 ? nowIso : null, nowIso);
    providerIds.push(id);
  }
  database.exec('COMMIT');

  const insertLetter = database.prepare(
    `insert into letters (id, account_id, provider_id, direction, kind, subject, body, recipient_email,
       delivery_status, read_at, trashed_at, invoice_amount, invoice_currency, invoice_due_date,
       invoice_iban, invoice_status, created_at)
     values (?, ?, ?, 'inbound', ?, ?, ?, ?, 'delivered', ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertDocument = database.prepare(
    `insert into letter_documents (id, letter_id, position, filename, content_type, size, storage_key,
       page_count, text, extracted_at, created_at)
     values (?, ?, 0, 'brief.pdf', 'application/pdf', ?, ?, 1, ?, ?, ?)`,
  );
  // The search index, built by the repository itself on this connection.
  const searchDb = new Kysely<Database>({
    dialect: new SqliteDialect({ database: kyselyDatabase(database) }),
  });
  // The bench account holds about 1000 letters at every size (the average account at 10⁶), so
  // the growth figures show what the size of the database costs, not that of one mailbox.
  const benchShare = BENCH_ACCOUNT_LETTERS / letters;
  const span = Date.now() - start;
  let benchLetters = 0;
  for (let first = 0; first < letters; first += BATCH) {
    const last = Math.min(first + BATCH, letters);
    database.exec('BEGIN');
    for (let i = first; i < last; i++) {
      const createdAt = start + Math.floor((span * i) / letters);
      const isBench = next() < benchShare;
      const accountIndex = isBench ? 0 : 1 + Math.floor(next() * (ACCOUNTS - 1));
      if (isBench) benchLetters++;
      const id = newId(createdAt);
      const kind = KINDS[i % KINDS.length] ?? 'letter';
      const isInvoice = kind === 'invoice';
      const createdIso = new Date(createdAt).toISOString();
      const body = `${sentence(next, 30)}${next() < 0.01 ? ` ${SEARCH_WORD}` : ''} ${sentence(next, 10)}`;
      insertLetter.run(
        id,
        accountIds[accountIndex] ?? '',
        providerIds[Math.floor(next() * PROVIDERS)] ?? '',
        kind,
        `${sentence(next, 4)} ${i}`,
        body,
        `user${accountIndex}@kuvert.example`,
        next() < 0.8 ? createdIso : null,
        next() < 0.02 ? createdIso : null,
        isInvoice ? 1000 + Math.floor(next() * 100_000) : null,
        isInvoice ? 'EUR' : null,
        isInvoice ? createdIso.slice(0, 10) : null,
        isInvoice ? 'DE89370400440532013000' : null,
        // Most invoices of the past are paid; a third are still open (and overdue).
        isInvoice ? (i % 3 === 0 ? 'open' : 'paid') : null,
        createdIso,
      );
      // Extracted PDF text for some letters, so the documents column is not always empty.
      const text = i % 10 === 0 ? sentence(next, 40) : null;
      insertDocument.run(
        newId(createdAt),
        id,
        20_000,
        `sha256-${i}`,
        text,
        text ? createdIso : null,
        createdIso,
      );
    }
    database.exec('COMMIT');
    await indexSqliteLetters(searchDb, first + 1, last);
  }
  await searchDb.destroy();
  database.exec('ANALYZE');
  database.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  database.close();
  return { userId: userIds[0] ?? '', accountId: accountIds[0] ?? '', benchLetters };
}

/**
 * The inbox SQL, captured from the repository itself: findLetterPage runs against a Kysely
 * whose driver records the compiled statement instead of executing it. So the bare server
 * runs byte for byte the query the app runs.
 */
export async function captureInboxQuery(
  userId: string,
  accountId: string,
): Promise<{ sql: string; parameters: SQLInputValue[] }> {
  let captured: { sql: string; parameters: SQLInputValue[] } | undefined;
  const recorder: SqliteDatabase = {
    close: () => {},
    prepare: (sql) => ({
      reader: true,
      all: (parameters) => {
        captured = { sql, parameters: toSqliteInputs(parameters) };
        return [];
      },
      run: () => ({ changes: 0, lastInsertRowid: 0 }),
      iterate: () => [][Symbol.iterator](),
    }),
  };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: recorder }) });
  await findLetterPage(db, { userId, accountId, view: 'inbox', limit: PAGE_SIZE });
  await db.destroy();
  if (!captured) throw new Error('the inbox query was not captured');
  return captured;
}

export async function startBareServer(
  file: string,
  query: { sql: string; parameters: SQLInputValue[] },
) {
  const database = new DatabaseSync(file, { readOnly: true });
  const statement = database.prepare(query.sql);
  const server: Server = createServer((_request, response) => {
    const body = JSON.stringify(statement.all(...query.parameters));
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${portOf(server)}`,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      database.close();
    },
  };
}

async function load(endpoint: Endpoint, seconds: number): Promise<Run> {
  const cpuBefore = process.threadCpuUsage();
  const result = await autocannon({
    url: endpoint.url,
    connections: CONNECTIONS,
    duration: seconds,
    // The load runs in a worker thread, so it does not take the servers' event loop.
    workers: 1,
    headers: endpoint.cookie ? { cookie: endpoint.cookie } : {},
  });
  const cpu = process.threadCpuUsage(cpuBefore);
  return { result, cpuMicros: cpu.user + cpu.system };
}

async function warmUp(endpoint: Endpoint): Promise<void> {
  const check = await fetch(endpoint.url, {
    headers: endpoint.cookie ? { cookie: endpoint.cookie } : {},
  });
  if (!check.ok) throw new Error(`${endpoint.name}: ${check.status} ${await check.text()}`);
  await load(endpoint, WARMUP_SECONDS);
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** One row from one or more autocannon runs: requests over time, latencies weighted by requests. */
export function combineResults(
  name: string,
  results: autocannon.Result[],
): Omit<Measurement, 'cpuPerRequest'> {
  const requests = sum(results.map((result) => result.requests.total));
  const weighted = (pick: (result: autocannon.Result) => number) =>
    sum(results.map((result) => pick(result) * result.requests.total)) / Math.max(requests, 1);
  return {
    name,
    requestsPerSecond: requests / sum(results.map((result) => result.duration)),
    p50: weighted((result) => result.latency.p50),
    p99: weighted((result) => result.latency.p99),
    errors: sum(results.map((result) => result.errors + result.non2xx + result.timeouts)),
  };
}

/** `combineResults`, with the main thread's processor time per request. */
function combine(name: string, runs: Run[]): Measurement {
  const results = runs.map((run) => run.result);
  const requests = sum(results.map((result) => result.requests.total));
  return {
    ...combineResults(name, results),
    cpuPerRequest: sum(runs.map((run) => run.cpuMicros)) / Math.max(requests, 1),
  };
}

async function measure(endpoint: Endpoint): Promise<Measurement> {
  await warmUp(endpoint);
  return combine(endpoint.name, [await load(endpoint, DURATION_SECONDS)]);
}

/**
 * The app and the bare server take turns, SIDE_BY_SIDE_ROUNDS short runs each in alternating
 * order, so a busy moment on the machine weighs on both alike and not on one of them.
 */
export async function measureSideBySide(endpoints: Endpoint[]): Promise<Measurement[]> {
  for (const endpoint of endpoints) await warmUp(endpoint);
  const runs = endpoints.map(() => new Array<Run>());
  for (let round = 0; round < SIDE_BY_SIDE_ROUNDS; round++) {
    const order = [...endpoints.keys()];
    if (round % 2 === 1) order.reverse();
    for (const index of order) {
      const endpoint = endpoints[index];
      if (endpoint) runs[index]?.push(await load(endpoint, DURATION_SECONDS / SIDE_BY_SIDE_ROUNDS));
    }
  }
  return endpoints.map((endpoint, index) => combine(endpoint.name, runs[index] ?? []));
}

async function benchSize(letters: number, passwordHash: string): Promise<SizeResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kuvert-bench-mailbox-'));
  const file = path.join(dataDir, 'kuvert.sqlite');
  try {
    const migrating = connectDatabase({ databaseUrl: undefined, dataDir });
    await migrateToLatest(migrating);
    await migrating.db.destroy();
    const seedStart = performance.now();
    const { userId, accountId, benchLetters } = await seed(file, letters, passwordHash);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    console.log(`mailbox: seeded ${letters} letters in ${seedSeconds.toFixed(1)} s`);

    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      KUVERT_DEMO: 'false',
      PUBLIC_URL: 'http://127.0.0.1',
    });
    const handle = connectDatabase({ databaseUrl: undefined, dataDir });
    const app = await buildApp({ config, db: handle.db, engine: handle.engine });
    const bare = await startBareServer(file, await captureInboxQuery(userId, accountId));
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port =
        typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0;
      const appUrl = `http://127.0.0.1:${port}`;
      const login = await fetch(`${appUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
      });
      if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const inbox = `${appUrl}/api/letters?account_id=${accountId}&view=inbox&limit=${PAGE_SIZE}`;
      const page: { items: { id: string }[] } = await (
        await fetch(inbox, { headers: { cookie } })
      ).json();
      const letterId = page.items[10]?.id;
      if (!letterId) throw new Error(`no letter in the inbox page: ${JSON.stringify(page)}`);

      const inboxPair: Endpoint[] = [
        { name: 'inbox page (app)', url: inbox, cookie },
        { name: 'inbox page (bare node:http + node:sqlite)', url: bare.url },
      ];
      const endpoints: Endpoint[] = [
        { name: 'letter details', url: `${appUrl}/api/letters/${letterId}`, cookie },
        {
          name: 'search',
          url: `${appUrl}/api/search?account_id=${accountId}&q=${SEARCH_WORD}`,
          cookie,
        },
        { name: 'home counts', url: `${appUrl}/api/home?account_id=${accountId}`, cookie },
      ];
      const measurements = await measureSideBySide(inboxPair);
      for (const endpoint of endpoints) measurements.push(await measure(endpoint));
      return { letters, benchLetters, seedSeconds, measurements };
    } finally {
      await bare.close();
      await app.close();
      await handle.db.destroy();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const format = (value: number, digits = 0) => value.toFixed(digits);
const sizeLabel = (letters: number) => `10^${Math.round(Math.log10(letters))}`;
const mark = (ok: boolean) => (ok ? '✓' : '✗ missed');
const find = (result: SizeResult | undefined, prefix: string) =>
  result?.measurements.find((measurement) => measurement.name.startsWith(prefix));

export async function benchMailbox(): Promise<boolean> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const results: SizeResult[] = [];
  const sizes = SIZES_OVERRIDE ?? SIZES;
  for (const letters of sizes) results.push(await benchSize(letters, passwordHash));

  const tables = results.map(
    (result) => `### ${sizeLabel(result.letters)} letters (${result.letters.toLocaleString('en')})

Seeded in ${format(result.seedSeconds, 1)} s; the bench user's account holds ${result.benchLetters} of them.

| request | req/s | p50 ms | p99 ms | errors | CPU µs/request |
| --- | --- | --- | --- | --- | --- |
${result.measurements
  .map(
    (m) =>
      `| ${m.name} | ${format(m.requestsPerSecond)} | ${format(m.p50, 1)} | ${format(m.p99, 1)} | ${m.errors} | ${format(m.cpuPerRequest)} |`,
  )
  .join('\n')}`,
  );

  const ratios = results.map((result) => {
    const app = find(result, 'inbox page (app)')?.requestsPerSecond ?? 0;
    const bare = find(result, 'inbox page (bare')?.requestsPerSecond ?? 1;
    // Informational beside the budget: the bare server's CPU per request over the app's.
    const cpu =
      (find(result, 'inbox page (bare')?.cpuPerRequest ?? 0) /
      Math.max(find(result, 'inbox page (app)')?.cpuPerRequest ?? 1, 1);
    return { letters: result.letters, ratio: app / bare, cpu };
  });
  const [small, large] = [results[0], results.at(-1)];
  const growth = (prefix: string) =>
    (find(large, prefix)?.p50 ?? Number.NaN) / Math.max(find(small, prefix)?.p50 ?? 1, 0.5);
  const inboxGrowth = growth('inbox page (app)');
  const searchGrowth = growth('search');
  const isRatioOk = ratios.every((entry) => entry.ratio >= RATIO_BUDGET);
  const isFlat = inboxGrowth <= GROWTH_BUDGET && searchGrowth <= SEARCH_GROWTH_BUDGET;

  const report = `## Mailbox API under load

${machineLine()}. autocannon, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per row after a
${WARMUP_SECONDS} s warm-up, load generated in a worker thread; app and bare server run in the
bench process on the same database file, taking turns in ${SIDE_BY_SIDE_ROUNDS} alternating runs of
${DURATION_SECONDS / SIDE_BY_SIDE_ROUNDS} s each (latencies: the runs' percentiles weighted by requests). Scratch SQLite databases: ${ACCOUNTS}
personal accounts, ${PROVIDERS} providers, one document and one search entry per letter; the
search word is in about 1 letter in 100. The bare server is \`node:http\` + \`node:sqlite\` running
the inbox SQL captured from \`findLetterPage\` (Kysely's compiled statement, the providers'
columns joined in, as the app's page has them), answering JSON
of node:sqlite's own row objects (the app's driver reads rows as arrays and builds the objects).
Requests: \`GET /api/letters?view=inbox&limit=${PAGE_SIZE}\`, \`GET /api/letters/{id}\`,
\`GET /api/search?q=${SEARCH_WORD}\`, \`GET /api/home\`, all with a session cookie.
CPU µs/request: the bench process's main thread, where both servers run (the load generator
is a worker thread), per request answered; on a machine shared with other work it moves less
than req/s does.

${tables.join('\n\n')}

### Budgets

| budget | measured | |
| --- | --- | --- |
${ratios
  .map(
    (entry) =>
      `| inbox app/bare req/s at ${sizeLabel(entry.letters)} ≥ ${RATIO_BUDGET} | ${format(entry.ratio, 2)} (bare/app CPU per request: ${format(entry.cpu, 2)}) | ${mark(entry.ratio >= RATIO_BUDGET)} |`,
  )
  .join('\n')}
| inbox p50 ${sizeLabel(large?.letters ?? 0)}/${sizeLabel(small?.letters ?? 0)} ≤ ${GROWTH_BUDGET} | ${format(inboxGrowth, 2)} | ${mark(inboxGrowth <= GROWTH_BUDGET)} |
| search p50 ${sizeLabel(large?.letters ?? 0)}/${sizeLabel(small?.letters ?? 0)} ≤ ${SEARCH_GROWTH_BUDGET} | ${format(searchGrowth, 2)} | ${mark(searchGrowth <= SEARCH_GROWTH_BUDGET)} |`;
  if (SIZES_OVERRIDE) console.log(report);
  else writeBenchmarkSection('mailbox', report);
  console.log(
    `mailbox: inbox app/bare ${ratios.map((entry) => format(entry.ratio, 2)).join(' / ')} (budget ≥ ${RATIO_BUDGET}; ` +
      `bare/app CPU per request ${ratios.map((entry) => format(entry.cpu, 2)).join(' / ')}); ` +
      `p50 10^6/10^4 inbox ${format(inboxGrowth, 2)} (budget ≤ ${GROWTH_BUDGET}), search ${format(searchGrowth, 2)} (budget ≤ ${SEARCH_GROWTH_BUDGET})`,
  );
  return isRatioOk && isFlat;
}
