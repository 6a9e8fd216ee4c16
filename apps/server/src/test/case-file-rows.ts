import type { FastifyInstance } from 'fastify';
import { newId } from '../db/ids.ts';

export interface CreatedCaseFile {
  fileId: string;
  itemIds: string[];
}

/**
 * A case file with dated items, written straight into the tables (for areas that only need
 * one to exist, such as the trash).
 */
export async function insertTestCaseFile(
  app: FastifyInstance,
  input: {
    accountId: string;
    userId: string;
    title: string;
    items: Array<{ title: string; date: string }>;
  },
): Promise<CreatedCaseFile> {
  const now = app.clock.now().toISOString();
  const fileId = newId();
  const itemIds: string[] = [];
  await app.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('case_files')
      .values({
        id: fileId,
        account_id: input.accountId,
        title: input.title,
        title_key: input.title.toLowerCase(),
        color: 'blue',
        item_count: input.items.length,
        last_activity_at: now,
        created_by_user_id: input.userId,
        created_at: now,
        updated_at: now,
        trashed_at: null,
      })
      .execute();
    for (const item of input.items) {
      const itemId = newId();
      itemIds.push(itemId);
      await trx
        .insertInto('case_file_items')
        .values({
          id: itemId,
          file_id: fileId,
          account_id: input.accountId,
          title: item.title,
          item_date: item.date,
          created_by_user_id: input.userId,
          created_at: now,
          updated_at: now,
          trashed_at: null,
        })
        .execute();
    }
  });
  return { fileId, itemIds };
}
