import type { PersonalDataContributor } from '../../personal-data/personal-data-contributors.ts';

/** The payments of invoices in each mailbox the person may see. */
export const paymentExport: PersonalDataContributor = {
  name: 'payments',
  async contribute(app, scope, out) {
    for (const account of scope.accounts) {
      const rows = await app.db
        .selectFrom('payments')
        .select([
          'id',
          'letter_id',
          'user_id',
          'method',
          'status',
          'amount',
          'currency',
          'failure_reason',
          'failure_message',
          'created_at',
          'updated_at',
          'completed_at',
        ])
        .where('account_id', '=', account.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      if (rows.length === 0) continue;
      await out.json(`${account.name} (${account.id})/payments.json`, rows);
      out.count('payments', rows.length);
    }
  },
};
