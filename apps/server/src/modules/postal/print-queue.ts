import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { enqueueJob } from '../../plugins/jobs.ts';

/** Renders the print PDFs of postal recipients and hands them to the postal channel. */
export const PRINT_RENDER_JOB = 'postal.render';
/** Recipients one render job takes: a mail merge's thousands go in a few hundred jobs. */
export const PRINT_RENDER_BATCH = 50;

export interface PrintRenderPayload {
  recipient_ids: string[];
}

/**
 * Queues rendering for postal recipients just written (status `queued`). Pass the transaction
 * that wrote them: the jobs exist exactly when the recipients do.
 */
export async function queuePrintRendering(
  app: Pick<FastifyInstance, 'clock'>,
  db: Kysely<Database>,
  recipientIds: readonly string[],
): Promise<void> {
  for (let start = 0; start < recipientIds.length; start += PRINT_RENDER_BATCH) {
    const payload: PrintRenderPayload = {
      recipient_ids: recipientIds.slice(start, start + PRINT_RENDER_BATCH),
    };
    await enqueueJob(db, app.clock, { type: PRINT_RENDER_JOB, payload });
  }
}
