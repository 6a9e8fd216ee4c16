import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { E2E_BASE_URL } from './environment.ts';
import { runKuvert } from './kuvert-cli.ts';
import type { TestProvider } from './provider.ts';

const run = promisify(execFile);

/** A provider as operators make it, with the id its public form addresses name. */
export interface FormProvider extends TestProvider {
  id: string;
}

export async function createFormProvider(name: string, webhookUrl: string): Promise<FormProvider> {
  const stdout = await runKuvert(['provider', 'create', name, '--webhook-url', webhookUrl]);
  const id = /^\s*id:\s*(\S+)/mu.exec(stdout)?.[1];
  const apiKey = /api key[^:\n]*:\s*(\S+)/iu.exec(stdout)?.[1];
  const webhookSecret = /webhook secret[^:\n]*:\s*(\S+)/iu.exec(stdout)?.[1];
  if (id === undefined || apiKey === undefined || webhookSecret === undefined) {
    throw new Error(`unexpected output of provider create:\n${stdout}`);
  }
  return { id, name, apiKey, webhookSecret };
}

export interface FormDefinitionRequest {
  title: string;
  description?: string;
  use_cases: string[];
  public: boolean;
  schema: Record<string, unknown>;
  ui_schema?: Record<string, unknown>;
}

async function senderRequest(
  provider: TestProvider,
  method: 'POST' | 'PUT' | 'DELETE',
  route: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${E2E_BASE_URL}/api/sender/v1${route}`, {
    method,
    headers: {
      authorization: `Bearer ${provider.apiKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** POST /api/sender/v1/forms: the provider publishes a form. */
export async function publishForm(
  provider: TestProvider,
  request: FormDefinitionRequest,
): Promise<{ id: string; version: number }> {
  const response = await senderRequest(provider, 'POST', '/forms', request);
  if (response.status !== 201) {
    throw new Error(`publishing failed: ${response.status} ${await response.text()}`);
  }
  const published: { id: string; version: number } = await response.json();
  return published;
}

/** PUT /api/sender/v1/forms/{id}: a new version of the form. */
export async function publishNewVersion(
  provider: TestProvider,
  formId: string,
  request: FormDefinitionRequest,
): Promise<{ id: string; version: number }> {
  const response = await senderRequest(provider, 'PUT', `/forms/${formId}`, request);
  if (response.status !== 200) {
    throw new Error(`new version failed: ${response.status} ${await response.text()}`);
  }
  const published: { id: string; version: number } = await response.json();
  return published;
}

/** DELETE /api/sender/v1/forms/{id}: the form is withdrawn. */
export async function unpublishForm(provider: TestProvider, formId: string): Promise<void> {
  const response = await senderRequest(provider, 'DELETE', `/forms/${formId}`);
  if (response.status !== 204) throw new Error(`unpublishing failed: ${response.status}`);
}

/** A submission as the provider's program reads it from GET /api/sender/v1/messages. */
export interface SubmissionMessage {
  id: string;
  type: string;
  subject: string;
  from: { name: string; email: string };
  form: { id: string; version: number } | null;
  data: Record<string, unknown> | null;
  reference: string | null;
  documents: Array<{ id: string; filename: string; content_type: string; url: string }>;
}

/** Downloads a document with the provider's key and returns the text pdftotext reads in it. */
export async function pdfTextOf(provider: TestProvider, url: string): Promise<string> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${provider.apiKey}` } });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.subarray(0, 5).toString() !== '%PDF-') throw new Error('not a PDF');
  const folder = await mkdtemp(path.join(tmpdir(), 'kuvert-e2e-form-pdf-'));
  try {
    const file = path.join(folder, 'submission.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    return stdout;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Text as pdftotext gives it, with every run of white space one space (lines wrap anywhere). */
export function flattened(text: string): string {
  return text.replace(/\s+/gu, ' ');
}
