import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { FormSubmissionStatus, SenderFormRequest } from '@kuvert/shared/forms';
import { newId } from '../db/ids.ts';

/** Factories for the Sender API's forms: publishing, and submissions as another module writes them. */

/** A small form with a text, an e-mail and a consent field. */
export const SIMPLE_FORM: SenderFormRequest = {
  title: 'Meter reading',
  description: 'Tell us what your meter shows.',
  use_cases: ['utilities'],
  public: true,
  schema: {
    type: 'object',
    required: ['reading'],
    properties: {
      reading: { type: 'integer', title: 'Reading (kWh)', minimum: 0 },
      email: { type: 'string', format: 'email', title: 'E-mail' },
      consent: { type: 'boolean', const: true, title: 'The reading is correct' },
    },
  },
};

export function asProvider(
  app: FastifyInstance,
  apiKey: string,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  return app.inject({
    ...options,
    headers: { ...options.headers, authorization: `Bearer ${apiKey}` },
  });
}

export function postSenderForm(
  app: FastifyInstance,
  apiKey: string,
  form: SenderFormRequest = SIMPLE_FORM,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return asProvider(app, apiKey, {
    method: 'POST',
    url: '/api/sender/v1/forms',
    headers,
    payload: form,
  });
}

/** Publishes a form and answers its id; fails the test otherwise. */
export async function createTestForm(
  app: FastifyInstance,
  apiKey: string,
  form: SenderFormRequest = SIMPLE_FORM,
): Promise<string> {
  const response = await postSenderForm(app, apiKey, form);
  const body: unknown = response.json();
  if (
    response.statusCode !== 201 ||
    typeof body !== 'object' ||
    body === null ||
    !('id' in body) ||
    typeof body.id !== 'string'
  ) {
    throw new Error(`publishing failed: ${response.statusCode} ${response.body}`);
  }
  return body.id;
}

export interface TestSubmission {
  formId: string;
  providerId: string;
  version?: number;
  createdAt: string;
  status?: FormSubmissionStatus;
  data?: Record<string, unknown>;
  submitterName?: string | null;
  submitterEmail?: string | null;
  /** Stored in this order; `position` as given. */
  documents?: Array<{
    kind: 'receipt' | 'attachment';
    position: number;
    filename: string;
    content: Buffer;
    contentType?: string;
    field?: string;
  }>;
}

export interface InsertedSubmission {
  id: string;
  reference: string;
  documentIds: string[];
}

let referenceCounter = 0;

/** A submission as the submission module writes it, with its documents stored. */
export async function insertTestSubmission(
  app: FastifyInstance,
  submission: TestSubmission,
): Promise<InsertedSubmission> {
  referenceCounter += 1;
  const id = newId(Date.parse(submission.createdAt));
  const reference = `F-2026-TEST-${String(referenceCounter).padStart(4, '0')}`;
  const status = submission.status ?? 'delivered';
  await app.db
    .insertInto('form_submissions')
    .values({
      id,
      form_id: submission.formId,
      form_version: submission.version ?? 1,
      provider_id: submission.providerId,
      account_id: null,
      submitted_by_user_id: null,
      reference,
      data: JSON.stringify(submission.data ?? {}),
      submitter_name: submission.submitterName ?? null,
      submitter_email: submission.submitterEmail ?? null,
      status,
      failure_reason: status === 'failed' ? 'The PDF could not be made' : null,
      language: 'en',
      draft_id: null,
      created_at: submission.createdAt,
      delivered_at: status === 'delivered' ? submission.createdAt : null,
    })
    .execute();
  const documentIds: string[] = [];
  for (const document of submission.documents ?? []) {
    const stored = await app.documents.put(document.content, { maxBytes: 10 * 1024 * 1024 });
    const documentId = newId(Date.parse(submission.createdAt));
    documentIds.push(documentId);
    await app.db
      .insertInto('form_submission_documents')
      .values({
        id: documentId,
        submission_id: id,
        position: document.position,
        kind: document.kind,
        field: document.field ?? null,
        filename: document.filename,
        content_type: document.contentType ?? 'application/pdf',
        size: document.content.length,
        storage_key: stored.key,
        created_at: submission.createdAt,
      })
      .execute();
  }
  return { id, reference, documentIds };
}
