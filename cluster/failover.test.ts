import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { afterAll, expect, test } from 'vitest';
import { LiveEventClient, logIn, newFigures, sleep, type Session } from './load-client.ts';
import { deliver, readInbox, uploadInPieces, type Delivery } from './portal-load.ts';
import { startSmtpSink, type ReceivedMail } from './smtp-sink.ts';
import { REPO_ROOT, startCluster, type Cluster } from './start-cluster.ts';

/*
 * The reference cluster loses an instance to `kill -9` under load (README "Reference
 * cluster"): nothing a client was told is lost or done twice, and no failure reaches a
 * client that retries as real ones do.
 */

const HAPROXY_PATHS = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy'];
const haproxyPath = HAPROXY_PATHS.find((candidate) => existsSync(candidate));

function adminDatabaseUrl(): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/x');
  url.pathname = '/postgres';
  return url.toString();
}

async function findSkipReason(): Promise<string | undefined> {
  if (!haproxyPath) return 'haproxy is not installed (apt-get install haproxy)';
  const client = new Client({
    connectionString: adminDatabaseUrl(),
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.end();
    return undefined;
  } catch {
    return `PostgreSQL does not answer at ${new URL(adminDatabaseUrl()).host} (set TEST_DATABASE_URL)`;
  }
}

const skipReason = await findSkipReason();
const databaseName = `kuvert_failover_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.toReversed()) await cleanup().catch(() => undefined);
});

async function query<Row>(url: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Registers a provider with the operator's command line, on the cluster's database. */
async function createProvider(cluster: Cluster, name: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(REPO_ROOT, 'apps/server/src/cli.ts'), 'provider', 'create', name],
    { env: { ...process.env, ...cluster.env, LOG_LEVEL: 'warn' } },
  );
  const key = /API key:\s+(\S+)/.exec(stdout)?.[1];
  if (!key) throw new Error(`no API key in: ${stdout}`);
  return key;
}

/** Polls `isDone` for up to `timeoutMs`; the assertions after it say what did not happen. */
async function waitFor(isDone: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!isDone() && Date.now() < deadline) await sleep(100);
}

/** The person's newest live event once no new one has come for a second. */
async function waitForLastEvent(databaseUrl: string, email: string): Promise<number> {
  let last = -1;
  for (let round = 0; round < 20; round += 1) {
    const [row] = await query<{ id: string | null }>(
      databaseUrl,
      `select max(e.id) as id from live_events e
        join memberships m on m.account_id = e.account_id
        join users u on u.id = m.user_id where u.email = $1`,
      [email],
    );
    const id = Number(row?.id ?? 0);
    if (id === last) return id;
    last = id;
    await sleep(1000);
  }
  return last;
}

function isFailoverReminder(mail: ReceivedMail): boolean {
  return mail.subject.includes('Reminder') && mail.subject.includes('Failover Energie');
}

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

test(`an instance killed under load loses and doubles nothing${skipReason ? ` (skipped: ${skipReason})` : ''}`, async ({
  skip,
}) => {
  if (skipReason) return skip(skipReason);
  const databaseUrl = new URL(adminDatabaseUrl());
  databaseUrl.pathname = `/${databaseName}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kuvert-failover-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  cleanups.push(() =>
    query(adminDatabaseUrl(), `drop database if exists ${databaseName} with (force)`).then(
      () => {},
    ),
  );
  const smtp = await startSmtpSink();
  cleanups.push(() => smtp.close());
  const log: string[] = [];
  const cluster = await startCluster({
    port: 0,
    databaseUrl: databaseUrl.toString(),
    dataDir,
    haproxyPath,
    env: {
      LOG_LEVEL: 'warn',
      SMTP_URL: smtp.url,
      TIME_ZONE: 'UTC',
      JOB_POLL_INTERVAL_MS: '200',
      SHUTDOWN_GRACE_SECONDS: '2',
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '100000',
      LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '100000',
    },
    log: (line) => log.push(line),
  });
  cleanups.push(() => cluster.stop());
  const demo = cluster.demoLogin;
  if (!demo) throw new Error('the demo was not seeded');
  const base = cluster.url;
  const figures = newFigures();

  // Before the load: a provider, the person's account, live-event clients, two invoices due
  // within the reminder window.
  const apiKey = await createProvider(cluster, 'Failover Energie');
  const first = await logIn(base, figures, demo);
  if (!first) throw new Error(figures.errors.join('\n'));
  const [account] = await query<{ id: string }>(
    databaseUrl.toString(),
    `select a.id from accounts a
      join memberships m on m.account_id = a.id join users u on u.id = m.user_id
      where u.email = $1 and a.kind = 'personal'`,
    [demo.email],
  );
  if (!account) throw new Error('no personal account');
  const sessions: Session[] = [first];
  const liveClients: LiveEventClient[] = [];
  for (let index = 0; index < 3; index += 1) {
    const session = await logIn(base, figures, demo);
    if (!session) throw new Error(figures.errors.join('\n'));
    sessions.push(session);
    liveClients.push(new LiveEventClient(base, session.cookie));
  }
  for (const client of liveClients) client.start();
  const recipient = { email: demo.email };
  const invoices: (Delivery | undefined)[] = [];
  for (const days of [1, 2]) {
    invoices.push(
      await deliver(base, figures, {
        apiKey,
        idempotencyKey: `failover-invoice-${days}`,
        metadata: {
          recipient,
          subject: `Invoice due in ${days} days`,
          kind: 'invoice',
          invoice: {
            amount: 1000 * days,
            currency: 'EUR',
            due_date: isoDay(days),
            iban: 'DE89370400440532013000',
            reference: 'RF18539007547034',
          },
        },
      }),
    );
  }
  // The morning comes: this period's reminder run is due now, on whichever instance takes it.
  await query(
    databaseUrl.toString(),
    `update jobs set run_at = $1 where type = 'invoice.reminders' and status = 'pending'`,
    [new Date().toISOString()],
  );
  // Sent before the kill: a run cut off by it would wait out its claim (ten minutes).
  await waitFor(() => smtp.mails.filter(isFailoverReminder).length >= 2);

  // The load: deliveries, inbox pages, logins and an upload, while one instance is killed
  // and started again.
  const load = { isRunning: true };
  const deliveries: Delivery[] = [];
  const deliverLetters = async (worker: number) => {
    for (let n = 0; load.isRunning; n += 1) {
      const delivery = await deliver(base, figures, {
        apiKey,
        idempotencyKey: `failover-${worker}-${n}`,
        metadata: { recipient, subject: `Letter ${worker}-${n}`, body: 'Failover test.' },
      });
      if (delivery) deliveries.push(delivery);
    }
  };
  const readInboxes = async (session: Session) => {
    while (load.isRunning) await readInbox(base, figures, session, account.id);
  };
  const logInAgain = async () => {
    while (load.isRunning) {
      const session = await logIn(base, figures, demo);
      if (session) sessions.push(session);
      await sleep(200);
    }
  };
  const started = Date.now();
  const upload = uploadInPieces(base, figures, first, {
    accountId: account.id,
    name: 'failover-notes.txt',
    bytes: Buffer.from('Kuvert keeps this line through a failover.\n'.repeat(60_000)),
    pieceBytes: 128 * 1024,
    pauseMs: 250,
  });
  const workers = [
    deliverLetters(1),
    deliverLetters(2),
    readInboxes(first),
    readInboxes(sessions[1] ?? first),
    logInAgain(),
  ];
  await sleep(3000);
  // The busiest instance: the one whose death most clients notice.
  const openSessions = await cluster.openSessions();
  const victim = cluster.instances.toSorted(
    (a, b) => (openSessions.get(b.name) ?? 0) - (openSessions.get(a.name) ?? 0),
  )[0];
  if (!victim) throw new Error('no instance');
  // Killing an idle instance would prove nothing.
  expect(openSessions.get(victim.name)).toBeGreaterThan(0);
  const killedAt = Date.now();
  await victim.kill();
  await sleep(1000);
  await victim.restart();
  const restartedAt = Date.now();
  // Long enough for HAProxy to see it ready twice and send it requests again.
  await sleep(3500);
  load.isRunning = false;
  await Promise.all(workers);
  const uploadId = await upload;
  const loadEnded = Date.now();
  // The events of work still finishing (reading the letters' text) come in a little later.
  const lastEventId = await waitForLastEvent(databaseUrl.toString(), demo.email);
  await waitFor(() => liveClients.every((client) => client.lastEventId() >= lastEventId));
  for (const client of liveClients) await client.stop();

  const failuresAfterKill = figures.failedAt.filter((at) => at >= killedAt);
  const recoveredAfterMs =
    failuresAfterKill.length === 0 ? 0 : Math.max(...failuresAfterKill) - killedAt;
  console.log(
    [
      'failover figures:',
      `  killed ${victim.name} with ${openSessions.get(victim.name)} open sessions (${[...openSessions].map(([name, count]) => `${name} ${count}`).join(', ')})`,
      `  requests ${figures.requests}, retries ${figures.retries}, errors ${figures.errors.length}`,
      `  deliveries acknowledged ${deliveries.length}, sessions ${sessions.length}`,
      `  load ${((loadEnded - started) / 1000).toFixed(1)} s; instance back ready ${((restartedAt - killedAt) / 1000).toFixed(1)} s after the kill`,
      `  last failed attempt ${(recoveredAfterMs / 1000).toFixed(1)} s after the kill (time to recover)`,
      `  live clients: ${liveClients.map((c) => `${c.eventIds.length} events, ${c.reconnects} reconnects`).join('; ')}`,
    ].join('\n'),
  );
  if (figures.errors.length > 0) console.log(log.slice(-40).join('\n'));
  expect(figures.errors).toEqual([]);

  // Every acknowledged delivery is there exactly once (and the invoices too).
  const acknowledged = [...deliveries, ...invoices.filter((d) => d !== undefined)];
  const stored = await query<{ id: string }>(
    databaseUrl.toString(),
    `select l.id from letters l join providers p on p.id = l.provider_id where p.name = $1`,
    ['Failover Energie'],
  );
  expect(stored.map((row) => row.id).toSorted()).toEqual(
    acknowledged.map((delivery) => delivery.letterId).toSorted(),
  );

  // Sessions survive: each cookie works on every instance, the restarted one included.
  for (const session of sessions) {
    for (const instance of cluster.instances) {
      const response = await fetch(`${instance.url}/api/auth/session`, {
        headers: { cookie: session.cookie },
      });
      expect(response.status, `${instance.name} ${session.cookie}`).toBe(200);
    }
  }

  // Every live-event client received every event of the person's accounts since it started.
  for (const client of liveClients) {
    const events = await query<{ id: string }>(
      databaseUrl.toString(),
      `select e.id from live_events e
        join memberships m on m.account_id = e.account_id
        join users u on u.id = m.user_id
        where u.email = $1 and e.id > $2 and e.id <= $3 order by e.id`,
      [demo.email, client.startId ?? 0, lastEventId],
    );
    const received = client.eventIds.filter((id) => id <= lastEventId);
    expect(received.toSorted((a, b) => a - b)).toEqual(events.map((row) => Number(row.id)));
    expect(client.eventIds.length).toBeGreaterThan(0);
  }

  // The upload completed.
  expect(uploadId).toBeDefined();
  const listed = await fetch(`${base}/api/uploads?account_id=${account.id}&name=failover-notes`, {
    headers: { cookie: first.cookie },
  });
  expect(await listed.text()).toContain('failover-notes.txt');

  // Each reminder e-mail went out once: the two invoices', and the demo's own.
  const reminderSubjects = smtp.mails
    .map((mail) => `${mail.to.join(',')} ${mail.subject}`)
    .filter((line) => /Reminder|Overdue|Erinnerung|=\?/.test(line));
  expect(smtp.mails.filter(isFailoverReminder)).toHaveLength(2);
  expect(new Set(reminderSubjects).size).toBe(reminderSubjects.length);
});
