import type { PersonalDataContributor } from '../../personal-data/personal-data-contributors.ts';

function parsed(content: string): unknown {
  try {
    const value: unknown = JSON.parse(content);
    return value;
  } catch {
    return content;
  }
}

/** The letters being written (drafts) in each mailbox the person may see; sent ones are letters. */
export const outboxExport: PersonalDataContributor = {
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
