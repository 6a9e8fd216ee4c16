import type { PersonalDataContributor } from '../../personal-data/personal-data-contributors.ts';

function parsed(data: string): unknown {
  try {
    const value: unknown = JSON.parse(data);
    return value;
  } catch {
    return data;
  }
}

/** Forms being filled in, in each mailbox the person may see, with their answers. */
export const formDraftExport: PersonalDataContributor = {
  name: 'form-drafts',
  async contribute(app, scope, out) {
    for (const account of scope.accounts) {
      const rows = await app.db
        .selectFrom('form_drafts as d')
        .innerJoin('forms as f', 'f.id', 'd.form_id')
        .select([
          'd.id',
          'd.form_id',
          'f.title as form_title',
          'd.form_version',
          'd.data',
          'd.created_by_user_id',
          'd.created_at',
          'd.updated_at',
        ])
        .where('d.account_id', '=', account.id)
        .orderBy('d.created_at')
        .orderBy('d.id')
        .execute();
      if (rows.length === 0) continue;
      await out.json(
        `${account.name} (${account.id})/form-drafts.json`,
        rows.map((row) => ({ ...row, data: parsed(row.data) })),
      );
      out.count('form_drafts', rows.length);
    }
  },
};
