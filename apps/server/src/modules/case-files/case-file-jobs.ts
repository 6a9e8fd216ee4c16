import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LETTER_TEXT_READ_JOB } from '../letters/letter-job-types.ts';
import { PermanentJobError } from '../../plugins/jobs.ts';
import { findItemsLinkingLetter } from './case-file-references.repository.ts';
import { lockCaseFiles } from './case-files.repository.ts';
import { refreshItemReferences } from './case-file-references.service.ts';

const textReadPayloadSchema = z.object({ letter_id: z.string() });

/**
 * A letter is often filed before its PDF is read (a minute after delivery, or later when the
 * pool is busy). Once the text is there, the items linking the letter find their reference
 * numbers again, so a number only the PDF carries still suggests the file for later letters.
 */
export function registerCaseFileJobs(app: FastifyInstance): void {
  app.jobs.register(LETTER_TEXT_READ_JOB, async (payload) => {
    const parsed = textReadPayloadSchema.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError('Malformed job payload');
    const letterId = parsed.data.letter_id;
    await app.db.transaction().execute(async (trx) => {
      // Hold the files as item changes do, then read the items: an edit waits, or goes first.
      const linked = await findItemsLinkingLetter(trx, letterId);
      await lockCaseFiles(trx, app.engine, [...new Set(linked.map((item) => item.file_id))]);
      await refreshItemReferences(trx, await findItemsLinkingLetter(trx, letterId));
    });
  });
}
