import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PermanentJobError } from '../../plugins/jobs.ts';
import type { DocumentTextFailure } from '@kuvert/shared/letters';
import { ProcessingError } from '../../plugins/processing/document-processing.ts';
import { findMembersToNotify } from '../users/members-to-notify.service.ts';
import { getProvider } from '../providers/providers.service.ts';
import { updateSearchIndex } from '../../plugins/search-index.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import {
  DOCUMENT_EXTRACT_JOB,
  LETTER_NOTIFY_JOB,
  LETTER_TEXT_READ_JOB,
} from './letter-job-types.ts';
import { newLetterMail } from './letter-mail.ts';
import {
  findDocumentById,
  findLetterOfDocument,
  markDocumentTextFailed,
  updateDocumentText,
} from './letter-writes.repository.ts';
import { findLetterById } from './letters.repository.ts';

const extractPayloadSchema = z.object({ document_id: z.string() });
const NOTICE_MAX_AGE_SECONDS = 24 * 3600;
const notifyPayloadSchema = z.object({ letter_id: z.string() });

function parsePayload<T>(schema: z.ZodType<T>, payload: unknown): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError('Malformed job payload');
  return parsed.data;
}

/**
 * Text and page count of a PDF, read in the processing pool; then the search entry is
 * renewed. A document that breaks a limit or cannot be read fails for good at once (trying
 * again gives the same answer) and the letter says so; it still opens and downloads.
 */
async function extractDocumentText(app: FastifyInstance, payload: unknown): Promise<void> {
  const { document_id: documentId } = parsePayload(extractPayloadSchema, payload);
  const document = await findDocumentById(app.db, documentId);
  // Deleted in the meantime, or not a PDF: nothing to extract.
  if (!document || document.content_type !== 'application/pdf') return;
  const bytes = await app.documents.read(document.storage_key);
  let extracted;
  try {
    extracted = await app.processing.extractPdfText(bytes);
  } catch (error) {
    if (!(error instanceof ProcessingError)) throw error;
    // The document's doing, not the server's: a warning without a stack trace.
    app.log.warn(
      { documentId, reason: error.reason, detail: error.message },
      'document text not read',
    );
    await recordTextFailure(app, documentId, error.reason);
    throw new PermanentJobError(error.message, { cause: error });
  }
  await app.db.transaction().execute(async (trx) => {
    const letterId = await updateDocumentText(trx, documentId, {
      text: extracted.text,
      pageCount: extracted.pageCount,
      now: app.clock.now().toISOString(),
    });
    if (!letterId) return;
    await updateSearchIndex(app, trx, letterId);
    await app.jobs.enqueue(trx, { type: LETTER_TEXT_READ_JOB, payload: { letter_id: letterId } });
  });
  await announceDocumentChange(app, documentId);
}

async function recordTextFailure(
  app: FastifyInstance,
  documentId: string,
  failure: DocumentTextFailure,
): Promise<void> {
  if (await markDocumentTextFailed(app.db, documentId, failure)) {
    await announceDocumentChange(app, documentId);
  }
}

/** An open letter page learns that a document's text was read, or could not be. */
async function announceDocumentChange(app: FastifyInstance, documentId: string): Promise<void> {
  const letter = await findLetterOfDocument(app.db, documentId);
  if (letter)
    await publishLiveEvent(app, { type: 'letters.changed', account_id: letter.account_id });
}

async function notifyMembers(app: FastifyInstance, payload: unknown): Promise<void> {
  const { letter_id: letterId } = parsePayload(notifyPayloadSchema, payload);
  const letter = await findLetterById(app.db, letterId);
  if (!letter || letter.trashed_at !== null) return;
  // A notice days late (a stalled queue, the demo's backdated history) is no news any more.
  const ageSeconds = (app.clock.now().getTime() - Date.parse(letter.created_at)) / 1000;
  if (ageSeconds > NOTICE_MAX_AGE_SECONDS) return;
  const provider = letter.provider_id === null ? null : await getProvider(app, letter.provider_id);
  const members = await findMembersToNotify(app.db, letter.account_id);
  for (const member of members) {
    await app.mailer.send(
      newLetterMail({
        to: member.email,
        language: member.language,
        firstName: member.firstName,
        providerName: provider?.name ?? letter.sender_name ?? 'Kuvert',
        subject: letter.subject,
        link: `${app.config.publicUrl}/inbox/${encodeURIComponent(letter.id)}`,
      }),
    );
  }
}

export function registerLetterJobs(app: FastifyInstance): void {
  app.jobs.register(DOCUMENT_EXTRACT_JOB, (payload) => extractDocumentText(app, payload), {
    // Its attempts are spent (its worker, or the whole process, kept stopping on it).
    onGiveUp: async (payload) => {
      const parsed = extractPayloadSchema.safeParse(payload);
      if (parsed.success) await recordTextFailure(app, parsed.data.document_id, 'crashed');
    },
  });
  app.jobs.register(LETTER_NOTIFY_JOB, (payload) => notifyMembers(app, payload));
}
