import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addSeconds } from '../clock.ts';
import { PermanentJobError } from '../plugins/jobs.ts';

export const DOCUMENT_COLLECT_JOB = 'document.collect';

/**
 * A file put this recently may belong to a delivery whose row is not written yet (same bytes,
 * same key): it is kept and checked again after this long. Deliveries take seconds.
 */
export const COLLECT_GRACE_SECONDS = 10 * 60;

const collectPayloadSchema = z.object({ keys: z.array(z.string()) });

/**
 * Removes the files of `keys` that no registered holder refers to (document-holders.ts). One
 * put within the grace period is kept and looked at again by a later job, when its delivery
 * has either written its row or failed.
 */
export async function collectUnreferencedDocuments(
  app: FastifyInstance,
  keys: readonly string[],
): Promise<void> {
  const unreferenced = await app.documentHolders.findUnusedKeys(app.db, [...new Set(keys)]);
  const untouchedSince = addSeconds(app.clock.now(), -COLLECT_GRACE_SECONDS);
  const kept: string[] = [];
  for (const key of unreferenced) {
    if ((await app.documents.collect(key, untouchedSince)) === 'kept') kept.push(key);
  }
  if (kept.length === 0) return;
  await app.jobs.enqueue(app.db, {
    type: DOCUMENT_COLLECT_JOB,
    payload: { keys: kept },
    runAt: addSeconds(app.clock.now(), COLLECT_GRACE_SECONDS + 60),
  });
}

/** Removes stored files of a failed upload, unless a letter or logo already uses the same bytes. */
export async function discardUploads(app: FastifyInstance, keys: string[]): Promise<void> {
  await collectUnreferencedDocuments(app, keys);
}

/** The later look at files kept within their grace period. */
export function registerDocumentCollection(app: FastifyInstance): void {
  app.jobs.register(DOCUMENT_COLLECT_JOB, (payload) => {
    const parsed = collectPayloadSchema.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError('Malformed job payload');
    return collectUnreferencedDocuments(app, parsed.data.keys);
  });
}
