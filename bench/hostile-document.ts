// The bench builds its hostile documents with the server tests' generator.
import autocannon from 'autocannon';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { decompressionBombPdf, millionPagesPdf } from '@kuvert/test-fixtures/hostile-pdfs';
import { machineLine, writeBenchmarkSection } from './report.ts';
import { parseDemoLogin, REPO_ROOT, startServer, type RunningServer } from './server-process.ts';

/** DESIGN §7: inbox p99 while a hostile document is processed stays within 2× idle. */
const P99_BUDGET = 2;
/** DESIGN §7: the web process grows by less than 50 MB meanwhile. */
const MEMORY_BUDGET_MB = 50;
const PORT = 3311;
const ROUNDS = 3;
const SECONDS = 6;
const CONNECTIONS = 10;
const MEMORY_SAMPLE_MS = 100;

const run = promisify(execFile);

interface Round {
  idleP99: number;
  hostileP99: number;
  idleRps: number;
  hostileRps: number;
  documentsRead: number;
  memoryGrowthMb: number;
  errors: number;
}

async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The highest resident memory of `pid` until `stop()` is called. */
function watchMemory(pid: number): { stop: () => Promise<number> } {
  let highest = 0;
  // An object, so the loop sees the change `stop` makes.
  const state = { isWatching: true };
  const watching = (async () => {
    while (state.isWatching) {
      highest = Math.max(highest, await residentMb(pid));
      await new Promise((resolve) => setTimeout(resolve, MEMORY_SAMPLE_MS));
    }
  })();
  return {
    async stop() {
      state.isWatching = false;
      await watching;
      return highest;
    },
  };
}

/** A provider made with the command line (also used by the ReDoS part); its API key. */
export async function createProvider(server: RunningServer): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [path.join(REPO_ROOT, 'apps/server/src/cli.ts'), 'provider', 'create', 'Hostile Sender'],
    { env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'warn' } },
  );
  const key = /API key:\s+(\S+)/.exec(stdout)?.[1];
  if (!key) throw new Error(`no API key in:\n${stdout}`);
  return key;
}

/** Logs the demo user in; its cookie and personal account (also used by the sealing part). */
export async function logIn(server: RunningServer): Promise<{ cookie: string; accountId: string }> {
  const demo = parseDemoLogin(server.output());
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify(demo),
  });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const body: { accounts: Array<{ id: string; kind: string }> } = await response.json();
  const account = body.accounts.find((candidate) => candidate.kind === 'personal');
  if (!account) throw new Error('the demo user has no personal account');
  return { cookie, accountId: account.id };
}

/** Delivers one document and waits until Kuvert has given up reading it (or read it). */
async function deliverAndAwait(
  server: RunningServer,
  apiKey: string,
  email: string,
  document: { name: string; bytes: Buffer },
): Promise<void> {
  const form = new FormData();
  const metadata = { recipient: { email }, subject: `Hostile: ${document.name}` };
  form.append('metadata', new Blob([JSON.stringify(metadata)], { type: 'application/json' }));
  form.append(
    'document',
    new Blob([new Uint8Array(document.bytes)], { type: 'application/pdf' }),
    document.name,
  );
  const headers = { authorization: `Bearer ${apiKey}` };
  const delivered = await fetch(`${server.url}/api/sender/v1/letters`, {
    method: 'POST',
    headers,
    body: form,
  });
  if (delivered.status !== 201)
    throw new Error(`delivery: ${delivered.status} ${await delivered.text()}`);
  const { id }: { id: string } = await delivered.json();
  for (;;) {
    const status = await fetch(`${server.url}/api/sender/v1/letters/${id}`, { headers });
    const body: { documents: Array<{ text_status: string }> } = await status.json();
    if (body.documents.every((item) => item.text_status !== 'pending')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The inbox (or any page) under load for `seconds`, as every part measures it. */
export function load(url: string, cookie: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
    headers: { cookie },
  });
}

interface Scenario {
  name: string;
  /** Server settings for the scenario. */
  env: Record<string, string>;
}

/**
 * The defaults stop a bomb at the inflated-bytes count; with that count out of the way the
 * bomb reaches the PDF reader, which the memory cap must stop: the worst case for the machine.
 */
const SCENARIOS: Scenario[] = [
  { name: 'default limits (the inflated-bytes count stops the bomb)', env: {} },
  {
    name: 'inflated-bytes count off (the 512 MB memory cap stops the bomb)',
    env: { PROCESSING_MAX_INFLATED_MB: '100000' },
  },
];

async function measureScenario(
  scenario: Scenario,
  documents: Array<{ name: string; bytes: Buffer }>,
): Promise<Round[]> {
  const server = await startServer(PORT, scenario.env);
  const rounds: Round[] = [];
  try {
    const { email } = parseDemoLogin(server.output());
    const apiKey = await createProvider(server);
    const { cookie, accountId } = await logIn(server);
    const inbox = `${server.url}/api/letters?account_id=${accountId}`;
    // The demo mailbox's own PDFs are read in the first seconds; the warm-up outlasts that.
    await load(inbox, cookie, 3);

    for (let round = 0; round < ROUNDS; round += 1) {
      const idle = await load(inbox, cookie, SECONDS);
      const before = await residentMb(server.pid);
      const memory = watchMemory(server.pid);
      const attack = { isOn: true };
      let documentsRead = 0;
      // Hostile documents one after another, so one is always being read while the load runs.
      const attacker = (async () => {
        for (let next = 0; attack.isOn; next += 1) {
          const document = documents[next % documents.length];
          if (document) await deliverAndAwait(server, apiKey, email, document);
          documentsRead += 1;
        }
      })();
      const hostile = await load(inbox, cookie, SECONDS);
      attack.isOn = false;
      await attacker;
      const highest = await memory.stop();
      rounds.push({
        idleP99: idle.latency.p99,
        hostileP99: hostile.latency.p99,
        idleRps: idle.requests.average,
        hostileRps: hostile.requests.average,
        documentsRead,
        memoryGrowthMb: highest - before,
        errors: idle.errors + idle.non2xx + hostile.errors + hostile.non2xx,
      });
    }
  } finally {
    await server.stop();
  }
  return rounds;
}

interface Verdict {
  markdown: string;
  isWithin: boolean;
  summary: string;
}

const mark = (isOk: boolean) => (isOk ? '✓' : '✗');

function judge(scenario: Scenario, rounds: Round[]): Verdict {
  const ratios = rounds.map((round) => round.hostileP99 / Math.max(round.idleP99, 1));
  const medianRatio = ratios.toSorted((a, b) => a - b)[Math.floor(ratios.length / 2)] ?? Infinity;
  const growth = Math.max(...rounds.map((round) => round.memoryGrowthMb));
  const errors = rounds.reduce((total, round) => total + round.errors, 0);
  const isP99Within = medianRatio <= P99_BUDGET;
  const isMemoryWithin = growth < MEMORY_BUDGET_MB;
  const rows = rounds.map(
    (round, index) =>
      `| ${index + 1} | ${round.idleP99} | ${round.hostileP99} | ${Math.round(round.idleRps)} | ${Math.round(round.hostileRps)} | ${round.documentsRead} | ${round.memoryGrowthMb.toFixed(1)} |`,
  );
  return {
    isWithin: isP99Within && isMemoryWithin && errors === 0,
    summary: `${scenario.name}: p99 ratio ${medianRatio.toFixed(2)} (≤ ${P99_BUDGET}), memory growth ${growth.toFixed(1)} MB (< ${MEMORY_BUDGET_MB}), errors ${errors}`,
    markdown: `### ${scenario.name}

| round | idle p99 ms | p99 under attack ms | idle req/s | req/s under attack | hostile documents read | web process growth MB |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

| budget (DESIGN §7) | measured | |
| --- | --- | --- |
| inbox p99 under attack ÷ idle p99 (median of rounds) ≤ ${P99_BUDGET} | ${medianRatio.toFixed(2)} | ${mark(isP99Within)} |
| web process memory growth < ${MEMORY_BUDGET_MB} MB (highest round) | ${growth.toFixed(1)} MB | ${mark(isMemoryWithin)} |
| failed requests | ${errors} | ${mark(errors === 0)} |
`,
  };
}

export async function benchHostileDocument(): Promise<boolean> {
  const documents = [
    { name: 'bomb.pdf', bytes: await decompressionBombPdf() },
    { name: 'million-pages.pdf', bytes: millionPagesPdf() },
  ];
  const verdicts: Verdict[] = [];
  for (const scenario of SCENARIOS) {
    verdicts.push(judge(scenario, await measureScenario(scenario, documents)));
  }
  const bombKb = Math.round((documents[0]?.bytes.length ?? 0) / 1024);
  writeBenchmarkSection(
    'hostile-document',
    `## A hostile document in processing

${machineLine()}. The real server (\`npm start\`'s process, SQLite, demo mailbox) serves the
inbox page to ${CONNECTIONS} connections for ${SECONDS} s idle, then for ${SECONDS} s while a provider
delivers hostile PDFs one after another through the Sender API: a decompression bomb of
${bombKb} KB that inflates to 1 GB, and a PDF with a million pages. Each is inspected at delivery,
then read in the processing pool until Kuvert gives up on it. ${ROUNDS} rounds per scenario.
Memory is the web process's resident set (the pool's children are other processes), sampled
every ${MEMORY_SAMPLE_MS} ms; growth is its highest value during the attack minus its value just before.

${verdicts.map((verdict) => verdict.markdown).join('\n')}`,
  );
  for (const verdict of verdicts) console.log(`hostile document, ${verdict.summary}`);
  return verdicts.every((verdict) => verdict.isWithin);
}
