import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PersonalDataContributor } from '../../documents/personal-data.ts';
import type {
  ErasureSubject,
  PersonalDataEraser,
} from '../../personal-data/personal-data-erasers.ts';

/** Drafts of the personal mailbox go; a shared mailbox keeps its drafts, without their writer. */
async function eraseDraftData(
  db: Kysely<Database>,
  userId: string,
  subject: ErasureSubject,
): Promise<void> {
  if (subject.erasedAccountIds.length > 0) {
    await db
      .deleteFrom('letter_drafts')
      .where('account_id', 'in', subject.erasedAccountIds)
      .execute();
  }
  await db
    .updateTable('letter_drafts')
    .set({ created_by_user_id: null })
    .where('created_by_user_id', '=', userId)
    .execute();
}

export const draftPersonalData: PersonalDataEraser = {
  name: 'letter-drafts',
  columns: ['letter_drafts.account_id', 'letter_drafts.created_by_user_id'],
  erase: eraseDraftData,
};


function parsed(content: string): unknown {
  try {
    const value: unknown = JSON.parse(content);
    return value;
  } catch {
    return content;
  }
}

/** The letters being written (drafts) in each mailbox the person may see; sent ones are letters. */
export const outboxPersonalData: PersonalDataContributor = {
  name: 'outbox',
  async contribute(app, scope, out) {
    for (const account of scope.accounts) {
      const rows = await app.db
        .selectFrom('letter_drafts')
        .select(['id', 'subject', 'content', 'created_by_user_id', 'created_at', 'updated_at'])
        .where('account_id', '=', account.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      if (rows.length === 0) continue;
      await out.json(
        `${account.name} (${account.id})/drafts.json`,
        rows.map((row) => ({ ...row, content: parsed(row.content) })),
      );
      out.count('letter_drafts', rows.length);
    }
  },
};
