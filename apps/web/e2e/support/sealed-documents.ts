// Sealing runs here as the server runs it: its processing pool, with the seal identity the
// e2e server made in its DATA_DIR. No route of the server makes test documents.
// oxlint-disable no-restricted-imports
import { loadConfig } from '../../../server/src/config/env.ts';
import { createDocumentProcessing } from '../../../server/src/plugins/processing/document-processing.ts';
import { loadSealIdentity } from '../../../server/src/plugins/seal-identity.ts';
import { E2E_BASE_URL, serverEnvironment } from './environment.ts';
import { createProvider, makePdf, NO_WEBHOOK, uniqueWord, type TestProvider } from './provider.ts';
import { createInvitedUser, type TestUser } from './users.ts';

/** A PDF sealed by the running e2e server's seal: what a completed request delivers. */
export async function kuvertSealedPdf(subject: string): Promise<Buffer> {
  const config = loadConfig(serverEnvironment());
  const seal = loadSealIdentity(config);
  const processing = createDocumentProcessing(config.processing, { warn: () => {} });
  const now = new Date();
  try {
    const sealed = await processing.sealDocuments({
      documents: [{ filename: 'agreement.pdf', bytes: await makePdf([[subject, 'Page one']]) }],
      outcome: 'completed',
      request: {
        id: `e2e-${now.getTime()}`,
        subject,
        providerName: 'Hausverwaltung Zoë Łukasz',
        createdAt: now.toISOString(),
        dueDate: '2099-12-31',
      },
      signers: [
        {
          name: 'Erika Mustermann',
          email: 'erika@kuvert.test',
          status: 'signed',
          method: 'typed',
          typedName: 'Erika Mustermann',
          strokes: null,
          signedAt: now.toISOString(),
          declinedAt: null,
          declinedReason: null,
          ipAddress: '127.0.0.1',
          userAgent: 'e2e',
          identifiedBy: 'password',
        },
      ],
      sealedAt: now.toISOString(),
      seal: seal.key,
    });
    return Buffer.from(sealed.bytes);
  } finally {
    await processing.close();
  }
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
