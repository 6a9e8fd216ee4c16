import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccessToken } from './modules/access-tokens/access-tokens.service.ts';
import { addDays, dayIn } from './modules/invoices/invoice-status.ts';
import { SETTLE_SECONDS } from './modules/letters/letter-sync.service.ts';
import { createTestApp, testEngines, type TestApp } from './test/helper.ts';
import { createLoggedInUser } from './test/factories.ts';
import {
  createTestProvider,
  deliverTestLetter,
  multipart,
  samplePdf,
  type MultipartPart,
} from './test/mailbox.ts';

const execFileAsync = promisify(execFile);

const CHECKOUT = path.resolve(import.meta.dirname, '../../..');
const README = readFileSync(path.join(CHECKOUT, 'README.md'), 'utf8');

interface CurlDelivery {
  metadata: Record<string, unknown>;
  documents: string[];
}

/** Every `curl … /api/sender/v1/letters` delivery the README shows, as written there. */
function readmeDeliveries(): CurlDelivery[] {
  const commands = README.split(/\n(?=curl )/).filter((block) =>
    block.startsWith('curl -X POST http://localhost:3000/api/sender/v1/letters \\'),
  );
  return commands.map((command) => {
    const metadata = /-F 'metadata=(\{.*\});type=application\/json'/.exec(command)?.[1];
    const documents = [...command.matchAll(/-F 'document=@([^;']+);type=application\/pdf'/g)];
    return {
      metadata: JSON.parse(metadata ?? 'null'),
      documents: documents.map((match) => match[1] ?? ''),
    };
  });
}

function withRecipients(value: unknown, emails: Map<string, string>): unknown {
  return JSON.parse(
    JSON.stringify(value, (_key, field: unknown) =>
      typeof field === 'string' && emails.has(field) ? emails.get(field) : field,
    ),
  );
}

describe.each(testEngines)("the README's Sender API examples (%s)", (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  it('deliver as written, with the sample PDFs the repository ships', async () => {
    const deliveries = readmeDeliveries();
    // The plain letter, the invoice and the signature request.
    expect(deliveries.length).toBeGreaterThanOrEqual(3);
    expect(deliveries.map(({ metadata }) => metadata.kind ?? 'letter')).toEqual(
      expect.arrayContaining(['letter', 'invoice', 'signature_request']),
    );
    // The examples name fixed due dates: the test lives before them, whatever today is.
    t.clock.setTo('2026-06-01T09:00:00.000Z');
    const provider = await createTestProvider(t.app);
    const people = new Map<string, string>();
    for (const email of ['demo@kuvert.example', 'anna@example.com', 'ben@example.com']) {
      people.set(email, (await createLoggedInUser(t.app)).email);
    }
    for (const delivery of deliveries) {
      const parts: MultipartPart[] = [
        {
          name: 'metadata',
          value: JSON.stringify(withRecipients(delivery.metadata, people)),
          contentType: 'application/json',
        },
        ...delivery.documents.map((file) => ({
          name: 'document',
          filename: path.basename(file),
          content: readFileSync(path.join(CHECKOUT, file)),
        })),
      ];
      const body = multipart(parts);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/sender/v1/letters',
        headers: { authorization: `Bearer ${provider.apiKey}`, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect({ status: response.statusCode, body: response.json() }).toMatchObject({
        status: 201,
        body: { status: 'delivered' },
      });
    }
  });
});

/** The README's mirror script for the personal API, exactly as the README shows it. */
function readmeMirrorScript(): string {
  const script = /```js\n(\/\/ mirror\.mjs[\s\S]*?)```/.exec(README)?.[1];
  if (!script) throw new Error('no mirror.mjs example in the README');
  return script;
}

/** The README's curl call of the personal API: its URL, with the variables it names. */
function readmePersonalCurl(): string {
  const url = /curl -H "Authorization: Bearer \$KUVERT_TOKEN" "\$KUVERT_URL([^"]+)"/.exec(README);
  if (!url?.[1]) throw new Error('no personal API curl example in the README');
  return url[1];
}

/** Every file under `folder`, relative to it, sorted. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .toSorted();
}

describe.each(testEngines)("the README's personal API examples (%s)", (engine) => {
  let t: TestApp;
  let workDir: string;
  beforeEach(async () => {
    t = await createTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    workDir = mkdtempSync(path.join(tmpdir(), 'kuvert-mirror-'));
  });
  afterEach(async () => {
    await t.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('mirror the mailbox into a folder with Node alone, and only what is new on the next run', async () => {
    const provider = await createTestProvider(t.app, { name: 'Stadtwerke Musterstadt' });
    const person = await createLoggedInUser(t.app);
    const pdf = await samplePdf('Your annual bill');
    await deliverTestLetter(
      t.app,
      provider.apiKey,
      person.email,
      { subject: 'Your annual bill' },
      { documents: [{ filename: 'bill.pdf', content: pdf }] },
    );
    t.clock.advanceSeconds(SETTLE_SECONDS + 1);
    const expiresOn = addDays(dayIn(t.clock.now(), t.config.timeZone), 30);
    const { token } = await createAccessToken(
      t.app,
      person.user.id,
      { name: 'Mirror', scope: 'read', expires_on: expiresOn },
      { ipAddress: '127.0.0.1', userAgent: 'test' },
    );
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    const env = { KUVERT_URL: `http://127.0.0.1:${address.port}`, KUVERT_TOKEN: token };

    const listed = await fetch(`${env.KUVERT_URL}${readmePersonalCurl()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toMatchObject({ items: [{ subject: 'Your annual bill' }] });

    const script = path.join(workDir, 'mirror.mjs');
    writeFileSync(script, readmeMirrorScript());
    const folder = path.join(workDir, 'Letters');
    const mirror = () =>
      execFileAsync(process.execPath, [script, folder], { env: { ...process.env, ...env } });

    expect((await mirror()).stdout).toContain('Your annual bill');
    const [first] = filesUnder(folder).filter((file) => file.endsWith('bill.pdf'));
    expect(first).toMatch(/^.+\/\d{4}-\d{2}-\d{2} Your annual bill \(.{8}\)\/bill\.pdf$/);
    expect(readFileSync(path.join(folder, first ?? '')).equals(pdf)).toBe(true);

    await deliverTestLetter(t.app, provider.apiKey, person.email, { subject: 'Meter reading' });
    t.clock.advanceSeconds(SETTLE_SECONDS + 1);
    const second = await mirror();
    expect(second.stdout).toContain('Meter reading');
    expect(second.stdout).not.toContain('Your annual bill');
    const pdfs = filesUnder(folder).filter((file) => file.endsWith('.pdf'));
    expect(pdfs).toHaveLength(2);
    expect((await mirror()).stdout).toBe('');
  });
});
