import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from './db/migrations/context.ts';
import { testEngines } from './test/helper.ts';
import { createScratchPostgresDatabase } from './test/scratch-postgres.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).toReversed()) await cleanup();
});

interface Started {
  child: ChildProcess;
  base: string;
  /** Every log line's message so far. */
  messages: string[];
  exited: Promise<number | null>;
}

/** `node src/main.ts` on a fresh database of its own, on a free port. */
async function startServer(engine: Engine): Promise<Started> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kuvert-main-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    const scratch = await createScratchPostgresDatabase();
    cleanups.push(() => scratch.drop());
    databaseUrl = scratch.url;
  }
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://localhost:3000',
    KUVERT_DEMO: 'false',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    SHUTDOWN_GRACE_SECONDS: '20',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'main.ts')], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // 'close', not 'exit': after the output is read to its end, the last log lines included.
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  const messages: string[] = [];
  const base = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} at start`)));
    if (!child.stdout) return reject(new Error('no standard output'));
    createInterface({ input: child.stdout }).on('line', (line) => {
      let message = line;
      try {
        const parsed: unknown = JSON.parse(line);
        if (typeof parsed === 'object' && parsed !== null && 'msg' in parsed) {
          message = String(parsed.msg);
        }
      } catch {
        // A plain line (the "Open Kuvert at" banner).
      }
      messages.push(message);
      const listening = /^listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(message);
      if (listening?.[1]) resolve(listening[1]);
    });
  });
  return { child, base, messages, exited };
}

/** A GET on `agent`, whose connection stays open (kept alive) after the answer. */
function getKeptAlive(url: string, agent: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

describe.each(testEngines)('the server process on SIGTERM (%s)', (engine) => {
  it('is ready, then drains and exits 0 at once, an idle kept-alive connection holding nothing up', async () => {
    const server = await startServer(engine);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    cleanups.push(() => agent.destroy());
    const answer = await getKeptAlive(`${server.base}/api/ready`, agent);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'ready' });

    const signalled = performance.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // Below the grace of 20 s (and the keep-alive timeout of 72 s): nothing was waited for.
    expect(performance.now() - signalled).toBeLessThan(15_000);
    expect(server.messages).toEqual(expect.arrayContaining(['shutting down', 'draining']));
    // Starting a whole server (migrating a fresh database, making its seal) takes a while.
  }, 60_000);
});
