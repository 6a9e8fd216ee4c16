// The bench migrates its scratch database with the server's own migrations and explains the
// search repository's own SQL, so it imports server code (as mailbox.ts does).
// oxlint-disable no-restricted-imports
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { Client, Pool } from 'pg';
import { connectDatabase, migrateToLatest } from '../apps/server/src/db/connect.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { findLetterPage } from '../apps/server/src/modules/letters/letters.repository.ts';
import { postgresSearch } from '../apps/server/src/modules/search/postgres-search.repository.ts';
import { parseQuery } from '../apps/server/src/modules/search/search-terms.ts';
import { hashPassword } from '../apps/server/src/plugins/passwords.ts';
import { ensureDatabase, startCluster, type Cluster } from '../cluster/start-cluster.ts';
import { BENCH_EMAIL, BENCH_PASSWORD, combineResults } from './mailbox.ts';
import { machineLine, writeBenchmarkSection } from './report.ts';

/*
 * `BENCH_ONLY=cluster`: the inbox and the search at 10⁴ and 10⁶ letters on the reference
 * cluster (PostgreSQL, three instances, HAProxy), seeded with set-based SQL in a scratch
 * database that is dropped afterwards.
 */

/** Issue 26: search p50 at 10⁶ within 1.3 × its p50 at 10⁴, through HAProxy on PostgreSQL. */
const SEARCH_GROWTH_BUDGET = 1.3;
const SIZES = [10_000, 1_000_000];
/**
 * While iterating: `BENCH_CLUSTER_SIZES=10000` measures only the listed sizes; such a run
 * prints its report and leaves docs/benchmarks.md alone.
 */
const SIZES_OVERRIDE = process.env.BENCH_CLUSTER_SIZES?.split(',').map(Number);
const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ACCOUNTS = 1000;
const BENCH_ACCOUNT_LETTERS = 1000;
const PROVIDERS = 200;
/** Distinct sentences the bodies and document texts are cut from. */
const SENTENCES = 2000;
const SEED_BATCH = 100_000;
const CONNECTIONS = 10;
const ROUNDS = 4;
const ROUND_SECONDS = 2;
const WARMUP_SECONDS = 1;
const PAGE_SIZE = 50;
/** In about 1 letter in 100, in every account (as in the mailbox bench). */
const SEARCH_WORD = 'zahlungserinnerung';
const SEARCH_SHARE = 0.01;

const WORDS = `der die das und ist nicht ein eine wir ihre ihren rechnung vertrag kunde konto monat
  jahr betrag zahlung frist bitte danke anlage dokument bescheid versicherung strom gas wasser
  miete steuer bank karte auskunft termin änderung kündigung bestätigung beitrag gutschrift
  abrechnung lieferung bestellung service hinweis information neue alte gültig ab bis zum für
  mit von bei nach über unter`.split(/\s+/);

interface Endpoint {
  name: string;
  url: string;
  cookie: string;
}

type Measurement = ReturnType<typeof combineResults>;

interface SizeResult {
  letters: number;
  benchLetters: number;
  seedSeconds: number;
  measurements: Measurement[];
  searchPlan: string;
  inboxPlan: string;
}

/**
 * The search index as the delivery path writes it (postgres-search.repository.ts): text folded
 * (the seeded words need only ä/ö/ü → a/o/u and lower case), weighted A subject, B provider,
 * C body, D documents; and the same lexemes under the account key for the GIN index.
 */
const FOLD = (column: string) => `to_tsvector('simple', translate(lower(${column}), 'äöü', 'aou'))`;

/**
 * Seeds `letters` letters over ACCOUNTS personal accounts from PROVIDERS providers, the bench
 * user's account holding about BENCH_ACCOUNT_LETTERS, each with one document and its search
 * entry: the shape bench/mailbox.ts seeds in SQLite, written here in set-based SQL. The
 * secondary indexes of letters and documents are dropped first and built again after, as a
 * restore would.
 */
async function seed(
  client: Client,
  letters: number,
  passwordHash: string,
): Promise<{ accountId: string; userId: string; benchLetters: number }> {
  const start = Date.UTC(2023, 0, 1);
  const span = Date.now() - start;
  await client.query(`set synchronous_commit = off`);
  await client.query(`set maintenance_work_mem = '256MB'`);
  await client.query(`select setseed(${(letters % 1000) / 1000})`);
  // A UUIDv7 (db/ids.ts) at `ms`, its random part from `salt`: ids sort by creation time.
  await client.query(`create function pg_temp.time_id(ms bigint, salt text) returns text
    language sql immutable as $$
      select substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-7' || substr(r, 1, 3) || '-8' ||
        substr(r, 4, 3) || '-' || substr(r, 7, 12)
      from (select lpad(to_hex(ms), 12, '0') as h, md5(salt) as r) x $$`);

  await client.query(
    `insert into users (id, email, email_verified_at, password_hash, first_name, last_name, created_at, updated_at)
     select pg_temp.time_id($1::bigint - (i::bigint + 1) * 63060000, 'u' || i),
       case when i = 0 then $2 else 'user' || i || '@kuvert.example' end,
       now(), case when i = 0 then $3 end, 'User' || i, 'Bench', now(), now()
     from generate_series(0, $4::int - 1) i`,
    [start, BENCH_EMAIL, passwordHash, ACCOUNTS],
  );
  await client.query(
    `create temp table bench_accounts as
     select i as index, pg_temp.time_id($1::bigint - (i::bigint + 1) * 63060000, 'a' || i) as id,
       pg_temp.time_id($1::bigint - (i::bigint + 1) * 63060000, 'u' || i) as user_id
     from generate_series(0, $2::int - 1) i`,
    [start, ACCOUNTS],
  );
  await client.query(`insert into accounts (id, name, kind, created_at)
    select id, 'User' || index || ' Bench', 'personal', now() from bench_accounts`);
  await client.query(`insert into memberships (account_id, user_id, role, created_at)
    select id, user_id, 'owner', now() from bench_accounts`);
  await client.query(`alter table bench_accounts add primary key (index)`);
  await client.query(
    `create temp table bench_providers as
     select i as index, pg_temp.time_id($1, 'p' || i) as id, 'Anbieter ' || i || ' GmbH' as name
     from generate_series(0, $2::int - 1) i`,
    [start, PROVIDERS],
  );
  await client.query(`alter table bench_providers add primary key (index)`);
  await client.query(`insert into providers (id, name, category, verified_at, created_at)
    select id, name, 'other', case when index % 3 = 0 then now() end, now() from bench_providers`);
  await client.query(
    `create temp table bench_sentences as
     select s as index, string_agg(($1::text[])[1 + floor(random() * $2)::int], ' ') as text
     from generate_series(0, $3::int - 1) s, generate_series(1, 30) w group by s`,
    [WORDS, WORDS.length, SENTENCES],
  );
  await client.query(`alter table bench_sentences add primary key (index)`);

  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where tablename in ('letters', 'letter_documents') and indexname not like '%_pkey'`,
  );
  for (const index of indexes) await client.query(`drop index "${index.name}"`);

  const benchShare = BENCH_ACCOUNT_LETTERS / letters;
  for (let first = 0; first < letters; first += SEED_BATCH) {
    const last = Math.min(first + SEED_BATCH, letters) - 1;
    // One row of draws per letter, then the letter with its search entry in one statement.
    await client.query(
      `create temp table bench_batch as
       select i, $3::bigint + floor($4::float8 * i / $5)::bigint as ms,
         case when random() < $6 then 0 else 1 + floor(random() * ($7 - 1))::int end as account,
         floor(random() * $8)::int as provider, floor(random() * $9)::int as sentence,
         random() < $10 as has_word, random() < 0.8 as is_read, random() < 0.02 as is_trashed,
         i % 8 = 7 as is_invoice, i % 10 = 0 as has_text
       from generate_series($1::int, $2::int) i`,
      [first, last, start, span, letters, benchShare, ACCOUNTS, PROVIDERS, SENTENCES, SEARCH_SHARE],
    );
    await client.query(
      `insert into letters (id, account_id, provider_id, direction, kind, subject, body, recipient_email,
         delivery_status, read_at, trashed_at, invoice_amount, invoice_currency, invoice_due_date,
         invoice_iban, invoice_status, created_at, search_vector, account_search_vector)
       select id, account_id, provider_id, 'inbound', kind, subject, body, recipient_email, 'delivered',
         read_at, trashed_at, invoice_amount, invoice_currency, invoice_due_date, invoice_iban,
         invoice_status, created_at, vector,
         (select array_to_tsvector(coalesce(array_agg(replace(account_id, '-', '') || lexeme), '{}'))
          from unnest(vector))
       from (
         select l.*,
           setweight(${FOLD('subject')}, 'A') || setweight(${FOLD('provider_name')}, 'B') ||
           setweight(${FOLD('body')}, 'C') || setweight(${FOLD("coalesce(document_text, '')")}, 'D') as vector
         from (
           select pg_temp.time_id(b.ms, 'l' || b.i) as id, a.id as account_id, p.id as provider_id,
             p.name as provider_name, case when b.is_invoice then 'invoice' else 'letter' end as kind,
             split_part(s.text, ' ', 1 + b.i % 20) || ' ' || split_part(s.text, ' ', 2 + b.i % 20) ||
               ' ' || split_part(s.text, ' ', 3 + b.i % 20) || ' ' || b.i as subject,
             s.text || case when b.has_word then ' ${SEARCH_WORD}' else '' end || ' ' ||
               split_part(s.text, ' ', 1 + b.i % 7) as body,
             'user' || b.account || '@kuvert.example' as recipient_email,
             to_timestamp(b.ms / 1000.0) as created_at,
             case when b.is_read then to_timestamp(b.ms / 1000.0) end as read_at,
             case when b.is_trashed then to_timestamp(b.ms / 1000.0) end as trashed_at,
             case when b.is_invoice then 1000 + b.i % 100000 end as invoice_amount,
             case when b.is_invoice then 'EUR' end as invoice_currency,
             case when b.is_invoice then to_char(to_timestamp(b.ms / 1000.0) at time zone 'UTC', 'YYYY-MM-DD') end as invoice_due_date,
             case when b.is_invoice then 'DE89370400440532013000' end as invoice_iban,
             case when b.is_invoice then (case when b.i % 3 = 0 then 'open' else 'paid' end) end as invoice_status,
             case when b.has_text then t.text end as document_text
           from bench_batch b
           join bench_accounts a on a.index = b.account
           join bench_providers p on p.index = b.provider
           join bench_sentences s on s.index = b.sentence
           join bench_sentences t on t.index = (b.sentence * 7 + 3) % ${SENTENCES}
         ) l
       ) v`,
    );
    await client.query(
      `insert into letter_documents (id, letter_id, position, filename, content_type, size, storage_key,
         page_count, text, extracted_at, created_at)
       select pg_temp.time_id(b.ms, 'd' || b.i), pg_temp.time_id(b.ms, 'l' || b.i), 0, 'brief.pdf',
         'application/pdf', 20000, 'sha256-' || b.i, 1, case when b.has_text then t.text end,
         case when b.has_text then to_timestamp(b.ms / 1000.0) end, to_timestamp(b.ms / 1000.0)
       from bench_batch b join bench_sentences t on t.index = (b.sentence * 7 + 3) % ${SENTENCES}`,
    );
    await client.query(`drop table bench_batch`);
  }
  for (const index of indexes) await client.query(index.definition);
  await client.query(`vacuum analyze letters`);
  await client.query(`vacuum analyze letter_documents`);
  const { rows } = await client.query<{ id: string; user_id: string; count: string }>(
    `select a.id, a.user_id, (select count(*) from letters l where l.account_id = a.id) as count
     from bench_accounts a where a.index = 0`,
  );
  const bench = rows[0];
  if (!bench) throw new Error('the bench account was not seeded');
  return { accountId: bench.id, userId: bench.user_id, benchLetters: Number(bench.count) };
}

function load(endpoint: Endpoint, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: endpoint.url,
    connections: CONNECTIONS,
    duration: seconds,
    // In a worker thread, so the load does not share the bench process's event loop.
    workers: 1,
    headers: { cookie: endpoint.cookie },
  });
}

/**
 * The endpoints take turns in short runs, in alternating order, so a busy moment of the
 * (shared) machine weighs on all of them alike.
 */
async function measureInTurns(endpoints: Endpoint[]): Promise<Measurement[]> {
  for (const endpoint of endpoints) {
    const check = await fetch(endpoint.url, { headers: { cookie: endpoint.cookie } });
    if (!check.ok) throw new Error(`${endpoint.name}: ${check.status} ${await check.text()}`);
    await load(endpoint, WARMUP_SECONDS);
  }
  const runs = endpoints.map(() => new Array<autocannon.Result>());
  for (let round = 0; round < ROUNDS; round++) {
    const order = [...endpoints.keys()];
    if (round % 2 === 1) order.reverse();
    for (const index of order) {
      const endpoint = endpoints[index];
      if (endpoint) runs[index]?.push(await load(endpoint, ROUND_SECONDS));
    }
  }
  return endpoints.map((endpoint, index) => combineResults(endpoint.name, runs[index] ?? []));
}

async function logIn(url: string): Promise<string> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/**
 * The plan of one statement the app runs: `run` calls a repository against a Kysely whose
 * query log keeps the compiled SQL, which is then explained with its parameters.
 */
async function explainAppQuery(
  databaseUrl: string,
  run: (db: Kysely<Database>) => Promise<unknown>,
): Promise<string> {
  let captured: { sql: string; parameters: readonly unknown[] } | undefined;
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      captured ??= { sql: event.query.sql, parameters: event.query.parameters };
    },
  });
  try {
    await run(db);
    if (!captured) throw new Error('no query was captured');
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers, costs off) ${captured.sql}`,
      [...captured.parameters],
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await db.destroy();
  }
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

async function benchSize(letters: number, passwordHash: string): Promise<SizeResult> {
  const name = `kuvert_bench_${process.pid}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kuvert-bench-cluster-'));
  let cluster: Cluster | undefined;
  try {
    await dropDatabase(name);
    await ensureDatabase(databaseUrl);
    const migrating = connectDatabase({ databaseUrl, dataDir });
    await migrateToLatest(migrating);
    await migrating.db.destroy();

    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    let seeded: Awaited<ReturnType<typeof seed>>;
    const seedStart = performance.now();
    try {
      seeded = await seed(client, letters, passwordHash);
    } finally {
      await client.end();
    }
    const seedSeconds = (performance.now() - seedStart) / 1000;
    console.log(`cluster: seeded ${letters} letters in ${seedSeconds.toFixed(1)} s`);

    cluster = await startCluster({
      port: 0,
      databaseUrl,
      dataDir,
      env: { LOG_LEVEL: 'warn' },
      log: (line) => {
        if (/error|fatal|alert/i.test(line)) console.log(line);
      },
    });
    // HAProxy listens on 127.0.0.1; "localhost" may resolve to ::1 first.
    const balancer = cluster.url.replace('localhost', '127.0.0.1');
    const direct = cluster.instances[0]?.url ?? '';
    const cookie = await logIn(balancer);
    const inbox = `/api/letters?account_id=${seeded.accountId}&view=inbox&limit=${PAGE_SIZE}`;
    const search = `/api/search?account_id=${seeded.accountId}&q=${SEARCH_WORD}`;
    const measurements = await measureInTurns([
      { name: 'inbox page (HAProxy, 3 instances)', url: balancer + inbox, cookie },
      { name: 'inbox page (one instance, direct)', url: direct + inbox, cookie },
      { name: 'search (HAProxy, 3 instances)', url: balancer + search, cookie },
      { name: 'search (one instance, direct)', url: direct + search, cookie },
    ]);

    const { accountId, userId } = seeded;
    // The API's defaults: relevance order, a page of 20 (and one more, to know of a next).
    const searchPlan = await explainAppQuery(databaseUrl, (db) =>
      postgresSearch.search(db, {
        userId,
        accountId,
        query: parseQuery(SEARCH_WORD),
        // The bench user's: the seeded users keep the default language.
        language: 'en',
        position: { sort: 'relevance', offset: 0 },
        limit: 21,
      }),
    );
    const inboxPlan = await explainAppQuery(databaseUrl, (db) =>
      findLetterPage(db, { userId, accountId, view: 'inbox', limit: PAGE_SIZE }),
    );
    return {
      letters,
      benchLetters: seeded.benchLetters,
      seedSeconds,
      measurements,
      searchPlan,
      inboxPlan,
    };
  } finally {
    await cluster?.stop();
    await dropDatabase(name).catch((error: unknown) => console.error(error));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const format = (value: number, digits = 0) => value.toFixed(digits);
const sizeLabel = (letters: number) => `10^${Math.round(Math.log10(letters))}`;
const mark = (ok: boolean) => (ok ? '✓' : '✗ missed');
const plan = (
  name: string,
  letters = 0,
  text = '',
) => `<details><summary>Plan of the app's ${name} SQL at ${sizeLabel(letters)} (captured from its repository, EXPLAIN ANALYZE)</summary>

\`\`\`
${text}
\`\`\`

</details>`;
const find = (result: SizeResult | undefined, prefix: string) =>
  result?.measurements.find((measurement) => measurement.name.startsWith(prefix));

export async function benchCluster(): Promise<boolean> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const results: SizeResult[] = [];
  for (const letters of SIZES_OVERRIDE ?? SIZES) {
    results.push(await benchSize(letters, passwordHash));
  }
  const tables = results.map(
    (result) => `### ${sizeLabel(result.letters)} letters (${result.letters.toLocaleString('en')})

Seeded in ${format(result.seedSeconds, 1)} s; the bench user's account holds ${result.benchLetters} of them.

| request | req/s | p50 ms | p99 ms | errors |
| --- | --- | --- | --- | --- |
${result.measurements
  .map(
    (m) =>
      `| ${m.name} | ${format(m.requestsPerSecond)} | ${format(m.p50, 1)} | ${format(m.p99, 1)} | ${m.errors} |`,
  )
  .join('\n')}`,
  );
  const [small, large] = [results[0], results.at(-1)];
  const searchGrowth =
    (find(large, 'search (HAProxy')?.p50 ?? Number.NaN) /
    Math.max(find(small, 'search (HAProxy')?.p50 ?? 1, 0.5);
  const isFlat = searchGrowth <= SEARCH_GROWTH_BUDGET;
  const inboxGrowth =
    (find(large, 'inbox page (HAProxy')?.p50 ?? Number.NaN) /
    Math.max(find(small, 'inbox page (HAProxy')?.p50 ?? 1, 0.5);
  const balancerShares = results.map((result) => ({
    letters: result.letters,
    share:
      (find(result, 'inbox page (HAProxy')?.requestsPerSecond ?? 0) /
      Math.max(find(result, 'inbox page (one instance')?.requestsPerSecond ?? 1, 1),
  }));

  const report = `## Reference cluster at scale (PostgreSQL, HAProxy)

${machineLine()}, PostgreSQL ${await serverVersion()}, 2 shared cores. The reference cluster
(\`cluster/start-cluster.ts\`: three instances, s3rver, HAProxy with \`cluster/haproxy.cfg\`) on a
scratch PostgreSQL database, seeded with set-based SQL: ${ACCOUNTS} personal accounts,
${PROVIDERS} providers, one document and the search entry per letter (weighted vector and
account-keyed vector, as \`postgres-search.repository.ts\` writes them); the search word is in
about 1 letter in 100. autocannon, ${CONNECTIONS} connections, load in a worker thread; the four
rows take turns in ${ROUNDS} alternating runs of ${ROUND_SECONDS} s after a ${WARMUP_SECONDS} s warm-up each.
"Direct" is one instance's own port on the same database, so the balancer's cost is the
difference (the three instances share the same two cores, so HAProxy cannot add throughput here).
Requests: \`GET /api/letters?view=inbox&limit=${PAGE_SIZE}\` and \`GET /api/search?q=${SEARCH_WORD}\`
with a session cookie. The inbox ratio against a bare \`node:http\` server is in "Mailbox API under load".

${tables.join('\n\n')}

### Budgets

| budget | measured | |
| --- | --- | --- |
| search p50 through HAProxy ${sizeLabel(large?.letters ?? 0)}/${sizeLabel(small?.letters ?? 0)} ≤ ${SEARCH_GROWTH_BUDGET} | ${format(searchGrowth, 2)} | ${mark(isFlat)} |
| inbox p50 through HAProxy ${sizeLabel(large?.letters ?? 0)}/${sizeLabel(small?.letters ?? 0)} (no budget here) | ${format(inboxGrowth, 2)} | |
${balancerShares
  .map(
    (entry) =>
      `| inbox req/s HAProxy/direct at ${sizeLabel(entry.letters)} (no budget) | ${format(entry.share, 2)} | |`,
  )
  .join('\n')}

${plan('search', large?.letters, large?.searchPlan)}

${plan('inbox', large?.letters, large?.inboxPlan)}`;
  if (SIZES_OVERRIDE) console.log(report);
  else writeBenchmarkSection('cluster', report);
  console.log(
    `cluster: search p50 10^6/10^4 ${format(searchGrowth, 2)} (budget ≤ ${SEARCH_GROWTH_BUDGET}); ` +
      `inbox HAProxy/direct ${balancerShares.map((entry) => format(entry.share, 2)).join(' / ')}`,
  );
  return isFlat;
}

async function serverVersion(): Promise<string> {
  const client = new Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0]?.server_version.split(' ')[0] ?? '';
  } finally {
    await client.end();
  }
}
