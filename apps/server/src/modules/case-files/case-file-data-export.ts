import type { PersonalDataContributor } from '../../personal-data/personal-data-contributors.ts';

/**
 * The case files of each mailbox the person may see: each file with its items, the letters and
 * uploads each item links (by id: their files are in the letters' and uploads' folders) and the
 * references to other files.
 */
export const caseFileExport: PersonalDataContributor = {
  name: 'case-files',
  async contribute(app, scope, out) {
    for (const account of scope.accounts) {
      const files = await app.db
        .selectFrom('case_files')
        .select([
          'id',
          'title',
          'description',
          'color',
          'created_by_user_id',
          'created_at',
          'updated_at',
          'last_activity_at',
          'trashed_at',
        ])
        .where('account_id', '=', account.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      for (const file of files) {
        const items = await app.db
          .selectFrom('case_file_items')
          .select([
            'id',
            'title',
            'item_date',
            'notes',
            'created_by_user_id',
            'created_at',
            'updated_at',
            'trashed_at',
          ])
          .where('file_id', '=', file.id)
          .orderBy('item_date')
          .orderBy('id')
          .execute();
        const itemIds = items.map((item) => item.id);
        const letters =
          itemIds.length === 0
            ? []
            : await app.db
                .selectFrom('case_file_item_letters')
                .select(['item_id', 'letter_id', 'position'])
                .where('item_id', 'in', itemIds)
                .orderBy('position')
                .execute();
        const uploads =
          itemIds.length === 0
            ? []
            : await app.db
                .selectFrom('case_file_item_uploads')
                .select(['item_id', 'upload_id', 'position'])
                .where('item_id', 'in', itemIds)
                .orderBy('position')
                .execute();
        const references =
          itemIds.length === 0
            ? []
            : await app.db
                .selectFrom('case_file_references')
                .select(['item_id', 'reference', 'file_id', 'display'])
                .where('item_id', 'in', itemIds)
                .execute();
        await out.json(
          `${account.name} (${account.id})/${file.title.slice(0, 60)} (${file.id}).json`,
          {
            ...file,
            items: items.map((item) => ({
              ...item,
              letter_ids: letters
                .filter((row) => row.item_id === item.id)
                .map((row) => row.letter_id),
              upload_ids: uploads
                .filter((row) => row.item_id === item.id)
                .map((row) => row.upload_id),
              links: references
                .filter((row) => row.item_id === item.id)
                .map(({ item_id: _item, ...reference }) => reference),
            })),
          },
        );
        out.count('case_files');
        out.count('case_file_items', items.length);
      }
    }
  },
};
