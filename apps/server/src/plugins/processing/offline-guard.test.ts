import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OFFLINE_MESSAGE } from './offline-guard.ts';
import { childExecArgv } from './pool.ts';

const run = promisify(execFile);

/**
 * A processing child (started with the pool's own options) tries every way out to a server
 * on this machine, from its main thread and from a worker thread, as tesseract.js would
 * fetch its language data; the server counts what arrives.
 */
const probe = `
const { Worker } = require('node:worker_threads');
const http = require('node:http');
const url = process.argv[1];
const outcome = (start) => Promise.resolve().then(start).then(() => 'reached', (error) => error.message);
const viaHttp = () => new Promise((resolve, reject) => {
  try { http.get(url, resolve).on('error', reject); } catch (error) { reject(error); }
});
const inWorker = () => new Promise((resolve) => {
  const worker = new Worker(process.argv[2], { argv: [url] });
  worker.once('message', resolve);
  worker.once('error', (error) => resolve(error.message));
});
(async () => {
  const results = {
    fetch: await outcome(() => fetch(url)),
    http: await outcome(viaHttp),
    dns: await outcome(() => require('node:dns').promises.lookup('localhost')),
    worker: await inWorker(),
  };
  console.log(JSON.stringify(results));
})();
`;
const workerProbe = `
const { parentPort } = require('node:worker_threads');
fetch(process.argv[2]).then(() => parentPort.postMessage('reached'), (error) => parentPort.postMessage(error.message));
`;

let server: Server;
let url: string;
let requests = 0;
const folder = mkdtempSync(path.join(tmpdir(), 'kuvert-offline-'));
const workerFile = path.join(folder, 'worker-probe.cjs');

beforeAll(async () => {
  writeFileSync(workerFile, workerProbe);
  server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(200, { connection: 'close' }).end('language data');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no test server');
  url = `http://127.0.0.1:${address.port}/eng.traineddata.gz`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

async function probeWith(execArgv: string[]): Promise<Record<string, string>> {
  const { stdout } = await run(process.execPath, [...execArgv, '-e', probe, url, workerFile]);
  return z.record(z.string(), z.string()).parse(JSON.parse(stdout));
}

describe('the processing children have no network', () => {
  it('reaches the test server without the guard (so the probe can tell)', async () => {
    const before = requests;

    const results = await probeWith([]);

    expect(results).toEqual({
      fetch: 'reached',
      http: 'reached',
      dns: 'reached',
      worker: 'reached',
    });
    expect(requests - before).toBe(3);
  });

  it('fails every request of a child and of its worker threads, and none arrives', async () => {
    const before = requests;

    const results = await probeWith(childExecArgv(256));

    expect(results).toEqual({
      fetch: OFFLINE_MESSAGE,
      http: OFFLINE_MESSAGE,
      dns: OFFLINE_MESSAGE,
      worker: OFFLINE_MESSAGE,
    });
    expect(requests).toBe(before);
  });
});
