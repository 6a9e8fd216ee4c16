import { request as httpRequest } from 'node:http';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { machineLine, writeBenchmarkSection } from './report.ts';
import { parseDemoLogin, startServer, type RunningServer } from './server-process.ts';

/** DESIGN §7: a 1 GB upload streams to storage with less than 100 MB of memory growth. */
const MEMORY_BUDGET_MB = 100;
const PORT = 3312;
const UPLOAD_BYTES = 1024 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;
const MEMORY_SAMPLE_MS = 50;
const TUS_PATH = '/api/uploads/tus';

async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The highest resident memory of `pid` until `stop()` is called. */
function watchMemory(pid: number): { stop: () => Promise<number> } {
  let highest = 0;
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

interface Session {
  cookie: string;
  csrf: string;
  accountId: string;
}

async function logIn(server: RunningServer): Promise<Session> {
  const demo = parseDemoLogin(server.output());
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify(demo),
  });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const body: { csrf_token: string; accounts: Array<{ id: string; kind: string }> } =
    await response.json();
  const account = body.accounts.find((candidate) => candidate.kind === 'personal');
  if (!account) throw new Error('the demo user has no personal account');
  return { cookie, csrf: body.csrf_token, accountId: account.id };
}

/**
 * A PDF-looking file of `size` bytes made as it is sent, so the bench itself holds none of it:
 * a PDF header, then comment lines. Too large to be opened at upload, so this measures the
 * streaming alone: request → staging → document store.
 */
function generatedPdf(size: number): Readable {
  const header = Buffer.from('%PDF-1.7\n%âãÏÓ\n');
  const line = Buffer.from(`% ${'Kuvert streams every byte to storage. '.repeat(25)}\n`);
  const block = Buffer.alloc(CHUNK_BYTES);
  for (let offset = 0; offset < CHUNK_BYTES; offset += line.length) line.copy(block, offset);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) {
        this.push(null);
        return;
      }
      const first = sent === 0 ? Buffer.concat([header, block]).subarray(0, CHUNK_BYTES) : block;
      const piece = first.subarray(0, Math.min(CHUNK_BYTES, size - sent));
      sent += piece.length;
      this.push(piece);
    },
  });
}

function headers(session: Session, server: RunningServer): Record<string, string> {
  return {
    cookie: session.cookie,
    'x-csrf-token': session.csrf,
    origin: server.url,
    'tus-resumable': '1.0.0',
  };
}

async function createUpload(server: RunningServer, session: Session): Promise<string> {
  const metadata = [
    `filename ${Buffer.from('bench-1gb.pdf').toString('base64')}`,
    `account_id ${Buffer.from(session.accountId).toString('base64')}`,
  ].join(',');
  const response = await fetch(`${server.url}${TUS_PATH}`, {
    method: 'POST',
    headers: {
      ...headers(session, server),
      'upload-length': String(UPLOAD_BYTES),
      'upload-metadata': metadata,
    },
  });
  const location = response.headers.get('location');
  if (response.status !== 201 || !location) {
    throw new Error(`tus creation: ${response.status} ${await response.text()}`);
  }
  return location;
}

/** One PATCH with the whole file, streamed; answers the status and Upload-Offset. */
function patchAll(
  server: RunningServer,
  session: Session,
  location: string,
): Promise<{ status: number; offset: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}${location}`, {
      method: 'PATCH',
      headers: {
        ...headers(session, server),
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
        'content-length': String(UPLOAD_BYTES),
      },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          offset: String(response.headers['upload-offset'] ?? ''),
        }),
      );
    });
    request.on('error', reject);
    generatedPdf(UPLOAD_BYTES).pipe(request);
  });
}

interface Measurement {
  seconds: number;
  mbPerSecond: number;
  baselineMb: number;
  highestMb: number;
  growthMb: number;
  storedSize: number;
}

async function measure(): Promise<Measurement> {
  const server = await startServer(PORT, {
    UPLOAD_MAX_BYTES: String(2 * UPLOAD_BYTES),
    ACCOUNT_QUOTA_BYTES: String(4 * UPLOAD_BYTES),
  });
  try {
    const session = await logIn(server);
    const location = await createUpload(server, session);
    // The demo mailbox's documents are read in the first seconds; let that settle first.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const baselineMb = await residentMb(server.pid);
    const memory = watchMemory(server.pid);
    const started = performance.now();
    const answer = await patchAll(server, session, location);
    const seconds = (performance.now() - started) / 1000;
    const highestMb = await memory.stop();
    if (answer.status !== 204 || answer.offset !== String(UPLOAD_BYTES)) {
      throw new Error(`upload: ${answer.status}, offset ${answer.offset}\n${server.output()}`);
    }
    const list = await fetch(
      `${server.url}/api/uploads?account_id=${session.accountId}&name=bench-1gb`,
      { headers: { cookie: session.cookie } },
    );
    const body: { uploads: Array<{ size: number }> } = await list.json();
    return {
      seconds,
      mbPerSecond: UPLOAD_BYTES / 1024 / 1024 / seconds,
      baselineMb,
      highestMb,
      growthMb: highestMb - baselineMb,
      storedSize: body.uploads[0]?.size ?? 0,
    };
  } finally {
    await server.stop();
  }
}

const mark = (isOk: boolean) => (isOk ? '✓' : '✗');

export async function benchUpload(): Promise<boolean> {
  const result = await measure();
  const isMemoryWithin = result.growthMb < MEMORY_BUDGET_MB;
  const isStored = result.storedSize === UPLOAD_BYTES;
  writeBenchmarkSection(
    'upload',
    `## A 1 GB upload

${machineLine()}. The real server (\`npm start\`'s process, SQLite, file-system store) takes a
1 GiB file over tus: one creation request, then one PATCH that streams the whole file (made
by the bench as it sends it, 1 MiB at a time) into the staging file, after which the server
moves it into the document store and records it. A PDF-looking file that big is kept without
being opened (it is read in the background later), so this measures the stream alone. Memory
is the web process's resident set, sampled every ${MEMORY_SAMPLE_MS} ms from just before the PATCH
until its answer; growth is the highest sample minus the one before.

| what | measured |
| --- | --- |
| size | ${UPLOAD_BYTES / 1024 / 1024} MiB |
| time from first byte to the stored answer | ${result.seconds.toFixed(1)} s |
| throughput (staging and the copy into the store included) | ${result.mbPerSecond.toFixed(0)} MiB/s |
| web process resident memory before | ${result.baselineMb.toFixed(1)} MB |
| highest during the upload | ${result.highestMb.toFixed(1)} MB |

| budget (DESIGN §7) | measured | |
| --- | --- | --- |
| memory growth < ${MEMORY_BUDGET_MB} MB | ${result.growthMb.toFixed(1)} MB | ${mark(isMemoryWithin)} |
| stored whole (listed with its full size) | ${result.storedSize} bytes | ${mark(isStored)} |
`,
  );
  console.log(
    `upload: 1 GiB in ${result.seconds.toFixed(1)} s (${result.mbPerSecond.toFixed(0)} MiB/s), memory growth ${result.growthMb.toFixed(1)} MB (< ${MEMORY_BUDGET_MB})`,
  );
  return isMemoryWithin && isStored;
}
