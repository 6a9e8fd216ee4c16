import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fetchWithRetry, sleep, type LoadFigures, type Session } from './load-client.ts';
import { REPO_ROOT } from './start-cluster.ts';

/*
 * What a provider and a person do against the cluster during the failover test: deliveries
 * through the Sender API, inbox pages, and one resumable (tus) upload.
 */

const LETTER_PDF = readFileSync(path.join(REPO_ROOT, 'examples/letter.pdf'));
const TUS = { 'tus-resumable': '1.0.0' };

export interface Delivery {
  idempotencyKey: string;
  letterId: string;
}

/**
 * One delivery, sent until acknowledged with the same Idempotency-Key, as a provider's client
 * does. A 409 means the key's first request is still in the database's hands (or was, on an
 * instance that died): the provider asks again shortly.
 */
export async function deliver(
  baseUrl: string,
  figures: LoadFigures,
  input: { apiKey: string; idempotencyKey: string; metadata: Record<string, unknown> },
): Promise<Delivery | undefined> {
  const answer = await fetchWithRetry(
    figures,
    `delivery ${input.idempotencyKey}`,
    () => {
      const form = new FormData();
      form.set(
        'metadata',
        new Blob([JSON.stringify(input.metadata)], { type: 'application/json' }),
      );
      form.set('document', new Blob([LETTER_PDF], { type: 'application/pdf' }), 'letter.pdf');
      return {
        url: `${baseUrl}/api/sender/v1/letters`,
        init: {
          method: 'POST',
          headers: {
            authorization: `Bearer ${input.apiKey}`,
            'idempotency-key': input.idempotencyKey,
          },
          body: form,
        },
      };
    },
    (response) => response.status === 409,
  );
  if (!answer) return undefined;
  if (answer.response.status !== 201 && answer.response.status !== 200) {
    figures.errors.push(
      `delivery ${input.idempotencyKey}: ${answer.response.status} ${answer.body}`,
    );
    return undefined;
  }
  const parsed: unknown = JSON.parse(answer.body);
  const letterId =
    typeof parsed === 'object' && parsed !== null && 'id' in parsed ? String(parsed.id) : '';
  return { idempotencyKey: input.idempotencyKey, letterId };
}

/** One inbox page, as the portal asks for it. */
export async function readInbox(
  baseUrl: string,
  figures: LoadFigures,
  session: Session,
  accountId: string,
): Promise<void> {
  const answer = await fetchWithRetry(figures, 'inbox', () => ({
    url: `${baseUrl}/api/letters?account_id=${encodeURIComponent(accountId)}`,
    init: { headers: { cookie: session.cookie } },
  }));
  if (answer && answer.response.status !== 200) {
    figures.errors.push(`inbox: ${answer.response.status} ${answer.body.slice(0, 200)}`);
  }
}

function tusMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/**
 * A tus upload sent in paced pieces, so that it is still running when the instance dies; after
 * a failed piece it asks the server for its offset (HEAD) and goes on from there, as tus-js
 * does. Answers the upload's id once every byte is stored.
 */
export async function uploadInPieces(
  baseUrl: string,
  figures: LoadFigures,
  session: Session,
  input: { accountId: string; name: string; bytes: Buffer; pieceBytes: number; pauseMs: number },
): Promise<string | undefined> {
  const writeHeaders = {
    cookie: session.cookie,
    'x-csrf-token': session.csrfToken,
    origin: baseUrl,
  };
  const created = await fetchWithRetry(figures, 'upload creation', () => ({
    url: `${baseUrl}/api/uploads/tus`,
    init: {
      method: 'POST',
      headers: {
        ...writeHeaders,
        ...TUS,
        'upload-length': String(input.bytes.length),
        'upload-metadata': tusMetadata({ filename: input.name, account_id: input.accountId }),
      },
    },
  }));
  const location = created?.response.headers.get('location') ?? '';
  const id = location.split('/').pop();
  if (created?.response.status !== 201 || !id) {
    figures.errors.push(`upload creation: ${created?.response.status} ${created?.body}`);
    return undefined;
  }
  let offset = 0;
  const deadline = Date.now() + 45_000;
  while (offset < input.bytes.length) {
    if (Date.now() > deadline) {
      figures.errors.push(`upload: stuck at ${offset} of ${input.bytes.length} bytes`);
      return undefined;
    }
    figures.requests += 1;
    const piece = input.bytes.subarray(offset, offset + input.pieceBytes);
    try {
      const response = await fetch(`${baseUrl}/api/uploads/tus/${id}`, {
        method: 'PATCH',
        headers: {
          ...writeHeaders,
          ...TUS,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
        },
        body: piece,
        signal: AbortSignal.timeout(15_000),
      });
      await response.arrayBuffer();
      if (response.status === 204) {
        offset = Number(response.headers.get('upload-offset'));
        await sleep(input.pauseMs);
        continue;
      }
    } catch {
      // The instance died under the piece: ask where the upload stands.
    }
    figures.retries += 1;
    figures.failedAt.push(Date.now());
    await sleep(200);
    const head = await fetchWithRetry(
      figures,
      'upload offset',
      () => ({
        url: `${baseUrl}/api/uploads/tus/${id}`,
        init: { method: 'HEAD', headers: { cookie: session.cookie, ...TUS } },
      }),
      // Still locked by the piece whose connection is being closed: ask again.
      (response) => response.status === 423 || response.status === 409,
    );
    if (!head) return undefined;
    offset = Number(head.response.headers.get('upload-offset') ?? offset);
  }
  return id;
}
