import type { PersonalDataContributor } from '../../personal-data/personal-data-contributors.ts';

/** The folders of each mailbox the person may see (letters name their folder by id). */
export const folderExport: PersonalDataContributor = {
  name: 'folders',
  async contribute(app, scope, out) {
    for (const account of scope.accounts) {
      const rows = await app.db
        .selectFrom('folders')
        .select(['id', 'name', 'created_at', 'trashed_at'])
        .where('account_id', '=', account.id)
        .orderBy('name')
        .execute();
      if (rows.length === 0) continue;
      await out.json(`${account.name} (${account.id})/folders.json`, rows);
      out.count('folders', rows.length);
    }
  },
};
