import type { PersonalDataContributor } from '../../personal-data/personal-data-contributors.ts';

const PAGE = 200;

/**
 * The uploads' part of "Download my data": each stored upload of every mailbox the person may
 * see, with the text read from it (`….txt`) and one `uploads.json` per mailbox. Read in pages.
 */
export const uploadExport: PersonalDataContributor = {
  name: 'uploads',
  async contribute(app, scope, out) {
    for (const account of scope.accounts) {
      const mailbox = `${account.name} (${account.id})`;
      const listed: unknown[] = [];
      let after: { created_at: string; id: string } | undefined;
      for (;;) {
        let query = app.db
          .selectFrom('uploads')
          .select([
            'id',
            'name',
            'content_type',
            'size',
            'storage_key',
            'text',
            'text_status',
            'text_source',
            'page_count',
            'purpose',
            'created_by_user_id',
            'created_at',
            'stored_at',
            'trashed_at',
          ])
          .where('account_id', '=', account.id)
          .where('status', '=', 'stored');
        if (after) {
          const { created_at: at, id } = after;
          query = query.where((eb) =>
            eb.or([
              eb('created_at', '>', at),
              eb.and([eb('created_at', '=', at), eb('id', '>', id)]),
            ]),
          );
        }
        const rows = await query.orderBy('created_at').orderBy('id').limit(PAGE).execute();
        for (const { storage_key: key, text, ...row } of rows) {
          const base = `${mailbox}/${row.created_at.slice(0, 10)} ${row.id}`;
          const file = `${base}/${row.name}`;
          listed.push({
            ...row,
            file: key ? file : null,
            text_file: text ? `${base}/text.txt` : null,
          });
          if (key) await out.document(file, { key, size: Number(row.size) });
          if (text) await out.text(`${base}/text.txt`, text);
          out.count('uploads');
        }
        const last = rows.at(-1);
        after = last ? { created_at: last.created_at, id: last.id } : undefined;
        if (rows.length < PAGE) break;
      }
      if (listed.length > 0) await out.json(`${mailbox}/uploads.json`, listed);
    }
  },
};
