import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from './test/helper.ts';
import { createLoggedInUser } from './test/factories.ts';
import { createTestProvider, multipart, type MultipartPart } from './test/mailbox.ts';

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
