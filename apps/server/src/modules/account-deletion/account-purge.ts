import type { FastifyInstance } from 'fastify';
import { collectUnreferencedDocuments } from '../../documents/document-collection.ts';
import {
  eraseWithEvery,
  type PersonalDataEraser,
} from '../../personal-data/personal-data-erasers.ts';
import { findDueUserIds, markPurged } from './account-deletions.repository.ts';
import { findDeletionScope } from './deletion-blockers.ts';

export const ACCOUNT_PURGE_JOB = 'account-deletion.purge';
const PURGE_BATCH = 20;

/**
 * Erases one account whose grace period is over, through every registered area, in one
 * transaction that first claims it (so two instances never purge the same person twice);
 * then the documents nothing else refers to leave the store.
 */
async function purgeAccount(
  app: FastifyInstance,
  erasers: readonly PersonalDataEraser[],
  userId: string,
): Promise<boolean> {
  const now = app.clock.now().toISOString();
  const keys = await app.db.transaction().execute(async (trx) => {
    if (!(await markPurged(trx, userId, now))) return undefined;
    const { erasedAccountIds } = await findDeletionScope(trx, userId);
    return eraseWithEvery(erasers, trx, { userId, erasedAccountIds, now });
  });
  if (!keys) return false;
  await collectUnreferencedDocuments(app, keys);
  return true;
}

/** Purges every account that is due; answers how many. */
export async function purgeDueAccounts(
  app: FastifyInstance,
  erasers: readonly PersonalDataEraser[],
): Promise<number> {
  let purged = 0;
  for (;;) {
    const due = await findDueUserIds(app.db, app.clock.now().toISOString(), PURGE_BATCH);
    if (due.length === 0) return purged;
    for (const userId of due) {
      if (await purgeAccount(app, erasers, userId)) purged += 1;
    }
  }
}

/** Hourly, once for the whole cluster. */
export function registerAccountDeletionJobs(
  app: FastifyInstance,
  erasers: readonly PersonalDataEraser[],
): void {
  app.jobs.every({
    type: ACCOUNT_PURGE_JOB,
    period: 'hour',
    run: async () => {
      const purged = await purgeDueAccounts(app, erasers);
      if (purged > 0) app.log.info({ purged }, 'erased accounts whose deletion was due');
    },
  });
}
