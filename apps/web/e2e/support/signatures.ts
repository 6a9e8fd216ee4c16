import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './environment.ts';
import { runKuvert } from './kuvert-cli.ts';
import { deliverLetter, makePdf, type ReceivedWebhook, type TestProvider } from './provider.ts';

/** The day `offsetDays` from today (the e2e server keeps the machine's time zone). */
export function isoDay(offsetDays: number): string {
  const date = new Date(Date.now() + offsetDays * 86_400_000);
  return date.toLocaleDateString('sv-SE');
}

/** A provider asks `signers` to sign a one-page PDF; the letter goes to `recipientEmail`. */
export async function deliverSignatureRequest(
  provider: TestProvider,
  input: {
    recipientEmail: string;
    subject: string;
    /** E-mails, or signers of whom a verified identity is required. */
    signers?: Array<string | { email: string; identity: 'verified' }>;
    dueInDays?: number;
  },
): Promise<string> {
  return deliverLetter(provider, {
    recipientEmail: input.recipientEmail,
    subject: input.subject,
    body: 'Please sign the attached agreement.',
    kind: 'signature_request',
    signature: {
      due_date: isoDay(input.dueInDays ?? 14),
      ...(input.signers
        ? {
            signers: input.signers.map((signer) =>
              typeof signer === 'string' ? { email: signer } : signer,
            ),
          }
        : {}),
    },
    external_id: `agreement-${input.subject}`,
    pdf: await makePdf([['Agreement', input.subject, 'Signed below by each party.']]),
    filename: 'agreement.pdf',
  });
}

/**
 * Time passes: the request's last day becomes yesterday. The Sender API refuses a due date in
 * the past, and the server's clock is the machine's, so the scratch database is moved instead;
 * from then on the server treats the request as expired (and its hourly job marks it so).
 */
export function letRequestPassItsDueDate(letterId: string): void {
  const database = new DatabaseSync(path.join(E2E_DATA_DIR, 'kuvert.sqlite'));
  try {
    database.exec('PRAGMA busy_timeout = 5000');
    const changed = database
      .prepare(
        `UPDATE signature_requests SET due_date = ?
         WHERE id = (SELECT signature_request_id FROM letters WHERE id = ?)`,
      )
      .run(isoDay(-1), letterId);
    if (changed.changes !== 1) throw new Error(`no signature request for letter ${letterId}`);
  } finally {
    database.close();
  }
}

/** The operator shares an account: `kuvert account add-member`. */
export async function addAccountMember(
  ownerEmail: string,
  memberEmail: string,
  role: 'viewer' | 'member',
): Promise<void> {
  await runKuvert(['account', 'add-member', ownerEmail, memberEmail, '--role', role]);
}

export interface SignatureWebhook {
  type: string;
  data: {
    letter_id: string;
    status: string;
    declined_reason: string | null;
    signers: Array<{ email: string; status: string }>;
    signed_document_url: string | null;
  };
}

/** Waits for the provider's webhook of `type` and returns it with its raw form. */
export async function waitForWebhook(
  received: ReceivedWebhook[],
  type: string,
): Promise<{ raw: ReceivedWebhook; event: SignatureWebhook }> {
  await expect
    .poll(() => received.some((webhook) => parseWebhook(webhook).type === type), {
      timeout: 30_000,
    })
    .toBe(true);
  const raw = received.find((webhook) => parseWebhook(webhook).type === type);
  if (raw === undefined) throw new Error(`no ${type} webhook`);
  return { raw, event: parseWebhook(raw) };
}

function parseWebhook(webhook: ReceivedWebhook): SignatureWebhook {
  const parsed: SignatureWebhook = JSON.parse(webhook.body);
  return parsed;
}

/** Presses Tab (and nothing else) until `target` has the focus: the keyboard-only path. */
export async function tabTo(page: Page, target: Locator, maxPresses = 40): Promise<void> {
  for (let press = 0; press < maxPresses; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Draws a signature-like scribble across the pad with the mouse. */
export async function drawSignature(page: Page, pad: Locator): Promise<void> {
  const box = await pad.boundingBox();
  if (box === null) throw new Error('the signature pad is not on screen');
  const at = (x: number, y: number): [number, number] => [
    box.x + box.width * x,
    box.y + box.height * y,
  ];
  const strokes = [
    [
      [0.1, 0.7],
      [0.18, 0.3],
      [0.25, 0.72],
      [0.33, 0.35],
      [0.4, 0.7],
    ],
    [
      [0.5, 0.55],
      [0.62, 0.4],
      [0.75, 0.62],
      [0.88, 0.45],
    ],
  ];
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (first === undefined) continue;
    await page.mouse.move(...at(first[0] ?? 0, first[1] ?? 0));
    await page.mouse.down();
    for (const point of rest) {
      await page.mouse.move(...at(point[0] ?? 0, point[1] ?? 0), { steps: 6 });
    }
    await page.mouse.up();
  }
}

/** A portal call as the logged-in page makes it (its cookie and CSRF token): status and code. */
export async function portalPost(
  page: Page,
  route: string,
  payload: unknown,
): Promise<{ status: number; code: string | null }> {
  return page.evaluate(
    async ({ url, body }) => {
      const token = localStorage.getItem('kuvert.csrfToken') ?? '';
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        body: JSON.stringify(body),
      });
      const json: unknown = await response.json().catch(() => null);
      const code =
        typeof json === 'object' && json !== null && 'code' in json && typeof json.code === 'string'
          ? json.code
          : null;
      return { status: response.status, code };
    },
    { url: route, body: payload },
  );
}
