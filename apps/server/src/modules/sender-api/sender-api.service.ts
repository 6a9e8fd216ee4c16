import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  deliveredLetterSchema,
  letterMetadataSchema,
  SENDER_MAX_DOCUMENT_BYTES,
  SENDER_MAX_DOCUMENTS,
  type DeliveredLetter,
  type SenderLetterStatus,
  type SenderMessage,
  type SenderMessagePage,
} from '@kuvert/shared/sender-api';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { assertJsonDepth } from '../../plugins/json-depth.ts';
import { readMultipart, type UploadedFile } from '../../plugins/multipart-reader.ts';
import { assertNoNulCharacters } from '../../plugins/nul-characters.ts';
import { todayOf } from '../invoices/invoice-status.ts';
import { decodeCursor, encodeCursor } from '../letters/letter-cursor.ts';
import { inspectUploadedDocuments } from '../../documents/document-inspection.ts';
import { deliverLetter, type ParsedLetterMetadata } from '../letters/letter-delivery.service.ts';
import { discardUploads } from '../../documents/document-collection.ts';
import type { ProviderRow } from '../providers/providers.service.ts';
import { deliverSignatureRequest } from '../signatures/signature-delivery.service.ts';
import { getSenderSignatureStatus } from '../signatures/signatures.service.ts';
import { fingerprintOf, runIdempotently } from './idempotency.ts';
import { assertLetterForm } from './sender-forms.service.ts';
import {
  toSenderLetterStatus,
  toSenderMessage,
  toSubmissionMessage,
} from './sender-api.presenter.ts';
import {
  findSenderLetterMessages,
  findSenderMessageKeys,
  type SenderMessageKey,
} from './sender-messages.ts';
import {
  findDocumentsOfLetters,
  findProviderLetter,
  findSentLetterDocument,
} from '../letters/provider-messages.service.ts';
import {
  findDeliveredSubmissionDocument,
  findDeliveredSubmissions,
  findDocumentsOfSubmissions,
} from '../form-submissions/provider-submissions.service.ts';

const METADATA_MAX_BYTES = 64 * 1024;

function parseMetadata(text: string | undefined): ParsedLetterMetadata {
  if (text === undefined) {
    throw new AppError('VALIDATION_FAILED', {
      details: [{ path: 'metadata', message: 'Required' }],
    });
  }
  assertJsonDepth(text, 'metadata');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('VALIDATION_FAILED', {
      details: [{ path: 'metadata', message: 'Not valid JSON' }],
    });
  }
  assertNoNulCharacters(json, 'metadata');
  const parsed = letterMetadataSchema.safeParse(json);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', {
      details: parsed.error.issues.map((issue) => ({
        path: ['metadata', ...issue.path.map(String)].join('.'),
        message: issue.message,
      })),
    });
  }
  return parsed.data;
}

/** Same metadata and same documents (by content and name) → same fingerprint. */
function deliveryFingerprint(metadata: ParsedLetterMetadata, files: UploadedFile[]): string {
  const documents = files.map((file) => [file.key, file.filename]);
  return fingerprintOf({ metadata, documents });
}

/** POST /letters, once per Idempotency-Key (idempotency.ts). */
export async function submitLetter(
  app: FastifyInstance,
  provider: ProviderRow,
  request: FastifyRequest,
  idempotencyKey: string | undefined,
): Promise<DeliveredLetter> {
  const upload = await readMultipart(request, app.documents, {
    fileField: 'document',
    minFiles: 1,
    maxFiles: SENDER_MAX_DOCUMENTS,
    maxFileBytes: SENDER_MAX_DOCUMENT_BYTES,
    accepted: ['application/pdf'],
    textFields: ['metadata'],
    maxTextBytes: METADATA_MAX_BYTES,
    discard: (keys) => discardUploads(app, keys),
  });
  const keys = upload.files.map((file) => file.key);
  try {
    const metadata = parseMetadata(upload.fields.metadata);
    const once = {
      providerId: provider.id,
      key: idempotencyKey,
      fingerprint: deliveryFingerprint(metadata, upload.files),
      responseStatus: 201,
      responseSchema: deliveredLetterSchema,
    };
    return await runIdempotently(app, once, async (remember) => {
      await assertLetterForm(app.db, provider.id, metadata.form_id);
      const documents = await inspectUploadedDocuments(app, upload.files, 'document', {
        fairnessKey: `provider:${provider.id}`,
      });
      const deliver =
        metadata.kind === 'signature_request' ? deliverSignatureRequest : deliverLetter;
      const result = await deliver(app, provider, metadata, documents, {
        withinTransaction: (trx, delivered) =>
          remember(trx, { id: delivered.id, status: delivered.status }),
      });
      return { id: result.id, status: result.status };
    });
  } catch (error) {
    await discardUploads(app, keys);
    throw error;
  }
}

export async function getSenderLetterStatus(
  app: FastifyInstance,
  providerId: string,
  letterId: string,
  db: Kysely<Database> = app.db,
): Promise<SenderLetterStatus> {
  const letter = await findProviderLetter(db, providerId, letterId);
  if (!letter) throw new AppError('NOT_FOUND');
  const documents = await findDocumentsOfLetters(db, [letter.id]);
  const signature = await getSenderSignatureStatus(db, letter.signature_request_id);
  return toSenderLetterStatus(letter, documents, todayOf(app), signature);
}

export async function listSenderMessages(
  app: FastifyInstance,
  providerId: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<SenderMessagePage> {
  const keys = await findSenderMessageKeys(app.db, providerId, {
    cursor: decodeCursor(query.cursor),
    limit: query.limit,
  });
  const page = keys.slice(0, query.limit);
  const idsOf = (kind: SenderMessageKey['kind'], pick: (key: SenderMessageKey) => string) =>
    page.filter((key) => key.kind === kind).map(pick);
  const letters = await findSenderLetterMessages(
    app.db,
    providerId,
    idsOf('letter', (key) => key.sort_id),
  );
  const letterDocuments = await findDocumentsOfLetters(
    app.db,
    letters.map((row) => row.id),
  );
  const submissionIds = idsOf('form_submission', (key) => key.id);
  const submissions = await findDeliveredSubmissions(app.db, providerId, submissionIds);
  const submissionDocuments = await findDocumentsOfSubmissions(app.db, submissionIds);
  const baseUrl = app.config.publicUrl;
  const items = page.flatMap((key): SenderMessage[] => {
    if (key.kind === 'letter') {
      const row = letters.find((letter) => letter.recipient_id === key.sort_id);
      if (!row) return [];
      const documents = letterDocuments.filter((document) => document.letter_id === row.id);
      return [toSenderMessage(row, documents, baseUrl)];
    }
    const row = submissions.find((submission) => submission.id === key.id);
    if (!row) return [];
    const documents = submissionDocuments.filter((document) => document.submission_id === row.id);
    return [toSubmissionMessage(row, documents, baseUrl)];
  });
  const last = page.at(-1);
  return {
    items,
    next_cursor:
      keys.length > query.limit && last
        ? encodeCursor({ createdAt: last.sort_at, id: last.sort_id })
        : null,
  };
}

/** A document of a letter or a form submission sent to this provider. */
export async function openMessageDocument(
  app: FastifyInstance,
  providerId: string,
  messageId: string,
  documentId: string,
) {
  const document =
    (await findSentLetterDocument(app.db, providerId, messageId, documentId)) ??
    (await findDeliveredSubmissionDocument(app.db, providerId, messageId, documentId));
  if (!document) throw new AppError('NOT_FOUND');
  return {
    filename: document.filename,
    contentType: document.content_type,
    size: Number(document.size),
    etag: `"${document.storage_key}"`,
    range: undefined,
    stream: await app.documents.open(document.storage_key),
  };
}
