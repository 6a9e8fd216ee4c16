import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type {
  ErasureSubject,
  PersonalDataEraser,
} from '../../personal-data/personal-data-erasers.ts';

/**
 * Payments of the personal mailbox go with their invoices (letters); a payment the person
 * started in a shared mailbox stays for its other members, without who started it. The money
 * itself, and the provider's record of it, are outside Kuvert.
 */
async function erasePaymentData(
  db: Kysely<Database>,
  userId: string,
  subject: ErasureSubject,
): Promise<void> {
  if (subject.erasedAccountIds.length > 0) {
    await db.deleteFrom('payments').where('account_id', 'in', subject.erasedAccountIds).execute();
  }
  await db.updateTable('payments').set({ user_id: null }).where('user_id', '=', userId).execute();
}

export const paymentErasure: PersonalDataEraser = {
  name: 'payments',
  columns: ['payments.account_id', 'payments.user_id'],
  erase: erasePaymentData,
};
