import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PermanentJobError } from '../../plugins/jobs.ts';
import { extractPdfText, PdfReadError } from '../../lib/pdf.ts';
import { findMembersToNotify } from '../accounts/account-access.ts';
import { getProvider } from '../providers/providers.service.ts';
import { updateSearchIndex } from '../search/search-index.service.ts';
import {
  DOCUMENT_COLLECT_JOB,
  DOCUMENT_EXTRACT_JOB,
  LETTER_NOTIFY_JOB,
} from './letter-job-types.ts';
import { collectUnreferencedDocuments } from './letter-removal.service.ts';
import { newLetterMail } from './letter-mail.ts';
import { findDocumentById, updateDocumentText } from './letter-writes.repository.ts';
import { findLetterById } from './letters.repository.ts';

const extractPayloadSchema = z.object({ document_id: z.string() });
const NOTICE_MAX_AGE_SECONDS = 24 * 3600;
const notifyPayloadSchema = z.object({ letter_id: z.string() });
const collectPayloadSchema = z.object({ keys: z.array(z.string()) });

function parsePayload<T>(schema: z.ZodType<T>, payload: unknown): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError('Malformed job payload');
  return parsed.data;
}

/** Text and page count of a PDF, for search and the viewer; then the search entry is renewed. */
async function extractDocumentText(app: FastifyInstance, payload: unknown): Promise<void> {
  const { document_id: documentId } = parsePayload(extractPayloadSchema, payload);
  const document = await findDocumentById(app.db, documentId);
  // Deleted in the meantime, or not a PDF: nothing to extract.
  if (!document || document.content_type !== 'application/pdf') return;
  const bytes = await app.documents.read(document.storage_key);
  let extracted;
  try {
    extracted = await extractPdfText(bytes);
  } catch (error) {
    // A corrupt or locked PDF stays so on every attempt: the letter is shown without text.
    if (error instanceof PdfReadError) throw new PermanentJobError(error.message, { cause: error });
    throw error;
  }
  await app.db.transaction().execute(async (trx) => {
    const letterId = await updateDocumentText(trx, documentId, {
      text: extracted.text,
      pageCount: extracted.pageCount,
      now: app.clock.now().toISOString(),
    });
    if (letterId) await updateSearchIndex(app, trx, letterId);
  });
}

async function notifyMembers(app: FastifyInstance, payload: unknown): Promise<void> {
  const { letter_id: letterId } = parsePayload(notifyPayloadSchema, payload);
  const letter = await findLetterById(app.db, letterId);
  if (!letter || letter.trashed_at !== null) return;
  // A notice days late (a stalled queue, the demo's backdated history) is no news any more.
  const ageSeconds = (app.clock.now().getTime() - Date.parse(letter.created_at)) / 1000;
  if (ageSeconds > NOTICE_MAX_AGE_SECONDS) return;
  const provider = await getProvider(app, letter.provider_id);
  const members = await findMembersToNotify(app.db, letter.account_id);
  for (const member of members) {
    await app.mailer.send(
      newLetterMail({
        to: member.email,
        language: member.language,
        firstName: member.firstName,
        providerName: provider?.name ?? 'Kuvert',
        subject: letter.subject,
        link: `${app.config.publicUrl}/inbox/${encodeURIComponent(letter.id)}`,
      }),
    );
  }
}

export function registerLetterJobs(app: FastifyInstance): void {
  app.jobs.register(DOCUMENT_EXTRACT_JOB, (payload) => extractDocumentText(app, payload));
  app.jobs.register(LETTER_NOTIFY_JOB, (payload) => notifyMembers(app, payload));
  app.jobs.register(DOCUMENT_COLLECT_JOB, (payload) =>
    collectUnreferencedDocuments(app, parsePayload(collectPayloadSchema, payload).keys),
  );
}
