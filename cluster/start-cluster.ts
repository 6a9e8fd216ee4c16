import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from 'pg';

/*
 * The reference cluster (README "Reference cluster"): one PostgreSQL database, one S3 store
 * (s3rver), three Kuvert instances and HAProxy in front with cluster/haproxy.cfg. `npm run
 * cluster` starts it for a person; the failover test starts it to kill an instance under load.
 */

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');
const S3RVER_PROCESS = path.join(REPO_ROOT, 'apps/server/src/test/s3rver-process.ts');
const HAPROXY_CONFIG = path.join(import.meta.dirname, 'haproxy.cfg');
const INSTANCE_COUNT = 3;
const BUCKET = 'kuvert';
/** s3rver's fixed credentials; a real store's keys go in S3_ACCESS_KEY_ID and its secret. */
const S3_CREDENTIALS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
const START_TIMEOUT_MS = 90_000;

export interface ClusterOptions {
  /** HAProxy's port on 127.0.0.1 (0: a free one). */
  port: number;
  /** The database every instance shares; created when it does not exist. */
  databaseUrl: string;
  /** The folder the cluster keeps its files in: the shared DATA_DIR and the S3 store's files. */
  dataDir: string;
  haproxyPath?: string;
  /** More environment for every instance (SMTP_URL, SHUTDOWN_GRACE_SECONDS, …). */
  env?: Record<string, string>;
  /** Where the processes' output goes; dropped when unset. */
  log?: (line: string) => void;
}

export interface ClusterInstance {
  name: string;
  /** The instance's own address, bypassing HAProxy. */
  url: string;
  isRunning(): boolean;
  /** SIGKILL: the instance dies mid-request, as on a crash or a lost machine. */
  kill(): Promise<void>;
  /** SIGTERM: the instance drains (plugins/drain.ts) and exits. */
  stop(): Promise<void>;
  /** Starts it again on the same port and waits until it is ready. */
  restart(): Promise<void>;
}

export interface Cluster {
  /** HAProxy's address: what users and providers reach. */
  url: string;
  instances: ClusterInstance[];
  /** The login the demo seeding printed; undefined when the database had users already. */
  demoLogin: { email: string; password: string } | undefined;
  /** The environment an instance runs with (for the command line on the same cluster). */
  env: Record<string, string>;
  /** Each instance's open sessions at HAProxy (requests in flight and live streams). */
  openSessions(): Promise<Map<string, number>>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no free port');
  return address.port;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function forwardOutput(child: ChildProcess, name: string, log: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => log(`[${name}] ${line}`));
  }
}

/** Creates the database unless it exists (on the same server, through its `postgres` database). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unusable database name: ${name}`);
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

async function startS3rver(
  directory: string,
  log: (line: string) => void,
): Promise<{ endpoint: string; stop(): Promise<void> }> {
  // A bucket of s3rver's file store is a folder: made here, it exists when the store starts.
  mkdirSync(path.join(directory, BUCKET), { recursive: true });
  const child = spawn(process.execPath, [S3RVER_PROCESS, directory], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  if (child.stderr) createInterface({ input: child.stderr }).on('line', (l) => log(`[s3] ${l}`));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code} before listening`)));
    if (!child.stdout) return reject(new Error('s3rver has no standard output'));
    createInterface({ input: child.stdout }).once('line', (line) => {
      const parsed: unknown = JSON.parse(line);
      if (typeof parsed === 'object' && parsed !== null && 'port' in parsed) {
        resolve(Number(parsed.port));
      } else {
        reject(new Error(`s3rver said: ${line}`));
      }
    });
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      child.stdin?.end();
      await exited(child);
    },
  };
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url} exited:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`${url} was not ready in time:\n${output()}`);
    const isReady = await fetch(`${url}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (isReady) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** One Kuvert server process on `port`, which can be killed and started again. */
function createInstance(
  name: string,
  port: number,
  env: Record<string, string>,
  log: (line: string) => void,
): ClusterInstance & { start(): Promise<string> } {
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  async function start(): Promise<string> {
    let output = '';
    const started = spawn(process.execPath, [SERVER_MAIN], {
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    for (const stream of [started.stdout, started.stderr]) {
      stream?.on('data', (chunk: Buffer) => {
        // Only the start's output is kept, for its error message and the demo login.
        if (output.length < 100_000) output += chunk.toString();
      });
    }
    forwardOutput(started, name, log);
    await waitUntilReady(url, started, () => output);
    return output;
  }
  async function signal(kind: NodeJS.Signals): Promise<void> {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const stopping = exited(child);
    child.kill(kind);
    await stopping;
  }
  return {
    name,
    url,
    start,
    isRunning: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
    async restart() {
      await signal('SIGKILL');
      await start();
    },
  };
}

async function startHaproxy(
  haproxyPath: string,
  env: Record<string, string>,
  log: (line: string) => void,
): Promise<ChildProcess> {
  const child = spawn(haproxyPath, ['-db', '-f', HAPROXY_CONFIG], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  forwardOutput(child, 'haproxy', log);
  const failed = new Promise<never>((_resolve, reject) =>
    child.once('exit', (code) => reject(new Error(`haproxy exited with ${code}`))),
  );
  failed.catch(() => undefined);
  return Promise.race([failed, Promise.resolve(child)]);
}

/** Asks HAProxy's admin socket for its statistics (CSV) and reads each server's `scur`. */
async function readOpenSessions(socket: string): Promise<Map<string, number>> {
  const csv = await new Promise<string>((resolve, reject) => {
    let text = '';
    const connection = createConnection(socket, () => connection.end('show stat\n'));
    connection.on('data', (chunk: Buffer) => (text += chunk.toString()));
    connection.on('end', () => resolve(text));
    connection.on('error', reject);
  });
  const [header = '', ...rows] = csv.replace(/^# /, '').split('\n');
  const columns = header.split(',');
  const name = columns.indexOf('svname');
  const current = columns.indexOf('scur');
  const sessions = new Map<string, number>();
  for (const row of rows) {
    const fields = row.split(',');
    const server = fields[name];
    if (server && /^kuvert\d+$/.test(server)) sessions.set(server, Number(fields[current]));
  }
  return sessions;
}

function parseDemoLogin(output: string): Cluster['demoLogin'] {
  const match = /e-mail: (\S+)\s+password: (\S+)/.exec(output);
  if (!match?.[1] || !match[2]) return undefined;
  return { email: match[1], password: match[2] };
}

/**
 * Starts the database, the store, three instances (the first alone, so that it migrates,
 * seeds the demo and makes the seal certificate in the shared folder before the others read
 * it) and HAProxy; answers once HAProxy serves a ready instance.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.toReversed()) await stop().catch(() => undefined);
  };
  try {
    await ensureDatabase(options.databaseUrl);
    const s3 = await startS3rver(path.join(options.dataDir, 's3'), log);
    stops.push(() => s3.stop());
    const port = options.port === 0 ? await freePort() : options.port;
    const url = `http://localhost:${port}`;
    // Everything an instance must share with the others: the database, the store, the data
    // folder (the seal certificate lives there unless SIGNING_P12_PATH names one) and the
    // address users reach.
    const env: Record<string, string> = {
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: path.join(options.dataDir, 'shared'),
      PUBLIC_URL: url,
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: BUCKET,
      S3_FORCE_PATH_STYLE: 'true',
      ...S3_CREDENTIALS,
      TRUST_PROXY: '127.0.0.1',
      KUVERT_DEMO: 'false',
      ...options.env,
    };
    const instances: ReturnType<typeof createInstance>[] = [];
    for (let index = 1; index <= INSTANCE_COUNT; index += 1) {
      const demo = String(index === 1);
      instances.push(
        createInstance(`kuvert${index}`, await freePort(), { ...env, KUVERT_DEMO: demo }, log),
      );
    }
    stops.push(() => Promise.all(instances.map((instance) => instance.stop())).then(() => {}));
    const [first, ...others] = instances;
    if (!first) throw new Error('no instances');
    const demoLogin = parseDemoLogin(await first.start());
    await Promise.all(others.map((instance) => instance.start()));

    const statsSocket = path.join(options.dataDir, 'haproxy.sock');
    const haproxy = await startHaproxy(
      options.haproxyPath ?? 'haproxy',
      {
        KUVERT_BIND: `127.0.0.1:${port}`,
        KUVERT_STATS_SOCKET: statsSocket,
        ...Object.fromEntries(
          instances.map((instance, index) => [
            `KUVERT${index + 1}_ADDRESS`,
            instance.url.replace('http://', ''),
          ]),
        ),
      },
      log,
    );
    stops.push(async () => {
      const stopping = exited(haproxy);
      haproxy.kill('SIGTERM');
      await stopping;
    });
    await waitUntilReady(url, haproxy, () => 'haproxy exited');
    return {
      url,
      instances,
      demoLogin,
      env,
      openSessions: () => readOpenSessions(statsSocket),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
