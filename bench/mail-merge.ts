import { readFile } from 'node:fs/promises';
import {
  mailMergeCsvInspectionSchema,
  mailMergeSchema,
  type MailMerge,
} from '@kuvert/shared/mail-merge';
import { machineLine, writeBenchmarkSection } from './report.ts';
import { parseDemoLogin, startServer, type RunningServer } from './server-process.ts';

/** Issue 11: 10,000 rows become 10,000 letters in under a minute. */
const BUDGET_SECONDS = 60;
const ROWS = 10_000;
/** Every fifth row names a Kuvert user (the demo user): a copy lands in their inbox. */
const KUVERT_EVERY = 5;
const PORT = 3313;
const POLL_MS = 100;
const TUS_PATH = '/api/uploads/tus';

interface Session {
  cookie: string;
  csrf: string;
  accountId: string;
  email: string;
}

async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
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
  return { cookie, csrf: body.csrf_token, accountId: account.id, email: demo.email };
}

function call(server: RunningServer, session: Session, path: string, init: RequestInit = {}) {
  return fetch(`${server.url}${path}`, {
    ...init,
    headers: {
      cookie: session.cookie,
      'x-csrf-token': session.csrf,
      origin: server.url,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
  });
}

async function ok(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return text === '' ? undefined : JSON.parse(text);
}

/** German Excel's CSV: `;`, CRLF, Windows-1252 is not needed here (UTF-8 with a BOM). */
function recipientsCsv(kuvertEmail: string): Buffer {
  const lines = ['Vorname;Nachname;Straße;PLZ;Ort;E-Mail;Betrag'];
  for (let row = 1; row <= ROWS; row += 1) {
    const amount = `${row % 500},${String(row % 100).padStart(2, '0')} €`;
    lines.push(
      row % KUVERT_EVERY === 0
        ? `Kunde;Nummer ${row};;;;${kuvertEmail};${amount}`
        : `Vorname${row};Nachname ${row};Hauptstraße ${row};${String(10_000 + (row % 89_999)).padStart(5, '0')};Köln;;${amount}`,
    );
  }
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`)]);
}

/** The CSV goes up as the portal sends it: tus creation, then one PATCH. */
async function uploadCsv(server: RunningServer, session: Session, bytes: Buffer): Promise<string> {
  const metadata = [
    `filename ${Buffer.from('empfaenger-10000.csv').toString('base64')}`,
    `account_id ${Buffer.from(session.accountId).toString('base64')}`,
  ].join(',');
  const created = await call(server, session, TUS_PATH, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': metadata,
    },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) {
    throw new Error(`tus creation: ${created.status} ${await created.text()}`);
  }
  const patched = await fetch(new URL(location, server.url), {
    method: 'PATCH',
    headers: {
      cookie: session.cookie,
      'x-csrf-token': session.csrf,
      origin: server.url,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });
  if (patched.status !== 204)
    throw new Error(`tus patch: ${patched.status} ${await patched.text()}`);
  return new URL(location, server.url).pathname.split('/').at(-1) ?? '';
}

type MergeState = MailMerge;

export async function benchMailMerge(): Promise<boolean> {
  const server = await startServer(PORT);
  try {
    const session = await logIn(server);
    await ok(
      await call(server, session, '/api/profile', {
        method: 'PATCH',
        body: JSON.stringify({
          address: { street: 'Lindenallee 4', postcode: '10115', city: 'Berlin', country: 'DE' },
        }),
      }),
      'profile address',
    );
    const csv = recipientsCsv(session.email);
    const uploadId = await uploadCsv(server, session, csv);
    const inspection = mailMergeCsvInspectionSchema.parse(
      await ok(
        await call(server, session, '/api/mail-merges/inspect', {
          method: 'POST',
          body: JSON.stringify({ account_id: session.accountId, upload_id: uploadId }),
        }),
        'inspect',
      ),
    );
    const definition = {
      account_id: session.accountId,
      csv: { upload_id: uploadId, encoding: inspection.encoding, delimiter: inspection.delimiter },
      source: {
        kind: 'template',
        subject: 'Ihre Rechnung über {{Betrag}}',
        body: 'Guten Tag {{Vorname}} {{Nachname}},\n\nbitte überweisen Sie {{Betrag}} bis Monatsende.\n\nMit freundlichen Grüßen',
      },
      mapping: {
        fields: { first_name: 0, name: 1, street: 2, postcode: 3, city: 4, email: 5 },
        placeholders: { Betrag: 6, Vorname: 0, Nachname: 1 },
      },
    };
    const rssBefore = await residentMb(server.pid);
    let rssPeak = rssBefore;
    const startedAt = performance.now();
    const merge = mailMergeSchema.parse(
      await ok(
        await call(server, session, '/api/mail-merges', {
          method: 'POST',
          body: JSON.stringify(definition),
        }),
        'start',
      ),
    );
    const acceptedMs = performance.now() - startedAt;
    let state: MergeState;
    for (;;) {
      rssPeak = Math.max(rssPeak, await residentMb(server.pid));
      state = mailMergeSchema.parse(
        await ok(await call(server, session, `/api/mail-merges/${merge.id}`), 'progress'),
      );
      if (state.status !== 'running') break;
      if (performance.now() - startedAt > 5 * BUDGET_SECONDS * 1000) {
        throw new Error(`the merge is still running after ${5 * BUDGET_SECONDS} s`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const seconds = (performance.now() - startedAt) / 1000;
    const rssAfter = await residentMb(server.pid);
    rssPeak = Math.max(rssPeak, rssAfter);
    const lettersPerSecond = state.sent_rows / seconds;
    const isWithin =
      state.status === 'done' && state.sent_rows === ROWS && seconds < BUDGET_SECONDS;
    const mark = isWithin ? '✓' : '✗';
    writeBenchmarkSection(
      'mail-merge',
      `## Mail merge of 10,000 rows

${machineLine()}. The real server (\`npm start\`'s process, SQLite, demo data, default
settings). A ${Math.round(csv.length / 1024)} KB CSV (UTF-8 with BOM, \`;\`) of ${ROWS.toLocaleString('en')}
rows goes up through tus; every ${KUVERT_EVERY}th row names a Kuvert user (the demo user: a copy lands in
their inbox), the others a German postal address (queued for print). The template fills three
placeholders. Timed from \`POST /api/mail-merges\` until the merge reports \`done\`: every
letter, its recipient, the Kuvert copies and the mail-merge rows are then written (the print
PDFs are rendered afterwards by the \`postal.render\` jobs and are not part of this figure).
RSS is the web process's (\`/proc/<pid>/status\`), sampled every ${POLL_MS} ms; the CSV is
parsed in a processing child, whose memory is its own.

| | |
| --- | --- |
| rows read (in the processing pool) | ${inspection.row_count.toLocaleString('en')} |
| start accepted (202, CSV read and checked) | ${Math.round(acceptedMs)} ms |
| all letters written | ${seconds.toFixed(1)} s |
| letters per second | ${Math.round(lettersPerSecond)} |
| sent / failed rows | ${state.sent_rows} / ${state.failed_rows} |
| web process RSS before → highest → when done | ${Math.round(rssBefore)} → ${Math.round(rssPeak)} → ${Math.round(rssAfter)} MB |
| RSS growth (highest − before) | ${Math.round(rssPeak - rssBefore)} MB |

| budget (issue 11) | measured | |
| --- | --- | --- |
| 10,000 rows → 10,000 letters < ${BUDGET_SECONDS} s | ${seconds.toFixed(1)} s | ${mark} |`,
    );
    console.log(
      `mail-merge: ${ROWS} rows in ${seconds.toFixed(1)} s (< ${BUDGET_SECONDS}), ${Math.round(lettersPerSecond)} letters/s, RSS +${Math.round(rssPeak - rssBefore)} MB`,
    );
    return isWithin;
  } finally {
    await server.stop();
  }
}
