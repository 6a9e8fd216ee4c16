import { spawn } from 'node:child_process';
import path from 'node:path';
import { E2E_BASE_URL, REPO_ROOT, serverEnvironment } from './environment.ts';
import { createProvider, makePdf, NO_WEBHOOK, uniqueWord, type TestProvider } from './provider.ts';
import { createInvitedUser, type TestUser } from './users.ts';

/**
 * A PDF sealed by the running e2e server's seal: what a completed request delivers. No route of
 * the server makes test documents, so the server's own sealing runs in a child process with the
 * e2e server's environment (apps/server/src/test/seal-document.ts): the original in, sealed out.
 */
export async function kuvertSealedPdf(subject: string): Promise<Buffer> {
  const original = await makePdf([[subject, 'Page one']]);
  const child = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'apps/server/src/test/seal-document.ts'), subject],
    { env: { ...process.env, ...serverEnvironment() }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const out: Buffer[] = [];
  const error: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => error.push(chunk));
  child.stdin.end(original);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) {
    throw new Error(`sealing failed (${code}):\n${Buffer.concat(error).toString('utf8')}`);
  }
  return Buffer.concat(out);
}

interface ApiSession {
  cookie: string;
  csrf: string;
}

async function apiLogin(user: TestUser): Promise<ApiSession> {
  const response = await fetch(`${E2E_BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: E2E_BASE_URL },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const { csrf_token: csrf }: { csrf_token: string } = await response.json();
  return { cookie, csrf };
}

/** Signs (typed name) the user's copy of the request `subject`, as the portal does. */
async function signThroughPortal(user: TestUser, subject: string, name: string): Promise<void> {
  const session = await apiLogin(user);
  const open = await fetch(`${E2E_BASE_URL}/api/signature-requests/open`, {
    headers: { cookie: session.cookie },
  });
  const { items }: { items: Array<{ letter_id: string; subject: string }> } = await open.json();
  const copy = items.find((item) => item.subject === subject);
  if (!copy) throw new Error(`no open request "${subject}" for ${user.email}`);
  const signed = await fetch(`${E2E_BASE_URL}/api/letters/${copy.letter_id}/signature/sign`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: E2E_BASE_URL,
      cookie: session.cookie,
      'x-csrf-token': session.csrf,
    },
    body: JSON.stringify({
      method: 'typed',
      typed_name: name,
      consent: true,
      password: user.password,
    }),
  });
  if (!signed.ok) throw new Error(`signing failed: ${signed.status} ${await signed.text()}`);
}

/** Waits (for the seal job) until the provider can download the sealed PDF. */
async function downloadSignedDocument(provider: TestProvider, letterId: string): Promise<Buffer> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const response = await fetch(
      `${E2E_BASE_URL}/api/sender/v1/letters/${letterId}/signed-document`,
      { headers: { authorization: `Bearer ${provider.apiKey}` } },
    );
    if (response.ok) return Buffer.from(await response.arrayBuffer());
    if (response.status !== 409) throw new Error(`signed-document: ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the request was not sealed in time');
}

export interface SignedRequest {
  pdf: Buffer;
  subject: string;
  providerName: string;
  signers: TestUser[];
}

/**
 * The whole way, as users and a provider take it: the provider sends a request for two
 * signers through the Sender API, both sign in the portal (its API), Kuvert seals it, and
 * the provider downloads the sealed PDF.
 */
export async function signedThroughKuvert(): Promise<SignedRequest> {
  const providerName = `Hausverwaltung ${uniqueWord()}`;
  const provider = await createProvider(providerName, NO_WEBHOOK);
  const zoe = await createInvitedUser('Zoë');
  const lukasz = await createInvitedUser('Łukasz');
  const subject = `Mietvertrag ${uniqueWord()}`;
  const form = new FormData();
  const metadata = {
    recipient: { email: zoe.email },
    kind: 'signature_request',
    subject,
    body: 'Bitte unterschreiben Sie den Mietvertrag.',
    signature: {
      due_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      signers: [{ email: zoe.email }, { email: lukasz.email }],
    },
  };
  form.set('metadata', new Blob([JSON.stringify(metadata)], { type: 'application/json' }));
  const pdf = await makePdf([[subject, 'Zwischen den Parteien wird vereinbart …']]);
  form.append('document', new Blob([Buffer.from(pdf)], { type: 'application/pdf' }), 'lease.pdf');
  const sent = await fetch(`${E2E_BASE_URL}/api/sender/v1/letters`, {
    method: 'POST',
    headers: { authorization: `Bearer ${provider.apiKey}` },
    body: form,
  });
  if (sent.status !== 201) throw new Error(`delivery failed: ${sent.status} ${await sent.text()}`);
  const { id }: { id: string } = await sent.json();
  await signThroughPortal(zoe, subject, 'Zoë Mustermann');
  await signThroughPortal(lukasz, subject, 'Łukasz Mustermann');
  return {
    pdf: await downloadSignedDocument(provider, id),
    subject,
    providerName,
    signers: [zoe, lukasz],
  };
}
