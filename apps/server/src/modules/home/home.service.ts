import type { FastifyInstance } from 'fastify';
import type { HomeSummary } from '@kuvert/shared/home';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import { isPastDue, todayOf } from '../invoices/invoice-status.ts';
import { listLetters } from '../letters/letters.service.ts';
import { countOpenSignatureRequests } from '../signatures/signatures.service.ts';
import { countUnread, sumOpenInvoices } from './home.repository.ts';

const RECENT_LETTERS = 5;

export async function getHomeSummary(
  app: FastifyInstance,
  userId: string,
  accountId: string,
): Promise<HomeSummary> {
  await assertAccountAction(app.db, userId, accountId, 'read');
  const [unread, totals, signatures, recent] = await Promise.all([
    countUnread(app.db, userId, accountId),
    sumOpenInvoices(app.db, userId, accountId),
    countOpenSignatureRequests(app, userId, accountId),
    listLetters(app, userId, { account_id: accountId, view: 'inbox', limit: RECENT_LETTERS }),
  ]);
  const dueDates = totals.flatMap((row) => (row.next_due_date ? [row.next_due_date] : []));
  const nextDueDate = dueDates.toSorted()[0] ?? null;
  return {
    unread_letters: unread,
    open_invoices: {
      count: totals.reduce((count, row) => count + row.count, 0),
      totals: totals.map((row) => ({ amount: row.total, currency: row.currency })),
      next_due_date: nextDueDate,
      // Every invoice summed here is unpaid: the earliest decides whether any is late.
      is_overdue: nextDueDate !== null && isPastDue(nextDueDate, todayOf(app)),
    },
    open_signature_requests: signatures,
    recent_letters: recent.items,
  };
}
