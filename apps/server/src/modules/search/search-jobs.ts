import type { FastifyInstance } from 'fastify';

/**
 * Indexes every letter and upload again, in place: queued by migration 0034, whose folding
 * (æ, ø, œ, ß) and stems the existing entries lack. Unlike `search reindex` it never empties
 * the index first, so search keeps finding everything while it runs; running it twice is
 * harmless. The job type is frozen in that migration.
 */
export const SEARCH_REFRESH_JOB = 'search.refresh';

/** Letters or uploads read per round. */
const REFRESH_BATCH = 500;

export function registerSearchJobs(app: FastifyInstance): void {
  app.jobs.register(SEARCH_REFRESH_JOB, async () => {
    await refreshAll(app, 'letters', (ids) => app.searchIndex.indexLetters(app.db, ids));
    await refreshAll(app, 'uploads', async (ids) => {
      await app.db.transaction().execute(async (trx) => {
        for (const id of ids) await app.searchIndex.indexUpload(trx, id);
      });
    });
  });
}

/** Every row of the table by id, a batch at a time. */
async function refreshAll(
  app: FastifyInstance,
  table: 'letters' | 'uploads',
  index: (ids: string[]) => Promise<void>,
): Promise<void> {
  let after = '';
  for (;;) {
    const batch = await app.db
      .selectFrom(table)
      .select('id')
      .where('id', '>', after)
      .orderBy('id')
      .limit(REFRESH_BATCH)
      .execute();
    if (batch.length === 0) return;
    await index(batch.map((row) => row.id));
    after = batch.at(-1)?.id ?? after;
  }
}
