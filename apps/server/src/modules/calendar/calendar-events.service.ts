import type { FastifyInstance } from 'fastify';
import type { Language } from '@kuvert/shared/auth';
import { CALENDAR_REFRESH_INTERVAL } from '@kuvert/shared/calendar';
import { writeIcsCalendar, type IcsAllDayEvent } from '../../lib/ics.ts';
import { AppError } from '../../plugins/app-error.ts';
import { findAccountIdsOfUser } from '../accounts/accounts.service.ts';
import { formatAmount, formatDueDate } from '../invoices/invoice-mail.ts';
import { listInvoices } from '../invoices/invoices.service.ts';
import { findLetterOfUser } from '../letters/letters.service.ts';
import { listOpenSignatureRequests } from '../signatures/signatures.service.ts';
import { getUserById, userLanguage } from '../users/users.service.ts';
import { calendarTexts } from './calendar-texts.ts';

/*
 * What a person's calendar holds: the due dates of the invoices still owed in every mailbox
 * they belong to now (an ended membership shows nothing), and the last days of the signature
 * requests that wait for their own signature. Both lists come from their areas, which apply
 * the membership, the bin and "today" in `TIME_ZONE`: a paid, cancelled, signed, declined,
 * expired or trashed one is simply not among them.
 */

export interface DueItem {
  letterId: string;
  kind: 'invoice' | 'signature';
  provider: string;
  subject: string;
  /** YYYY-MM-DD, a calendar day in TIME_ZONE. */
  dueDate: string;
  amount?: { minor: number; currency: string };
  overdue: boolean;
}

export async function findDueItemsOfUser(app: FastifyInstance, userId: string): Promise<DueItem[]> {
  const accountIds = await findAccountIdsOfUser(app.db, userId);
  const invoiceLists = await Promise.all(
    accountIds.map((accountId) =>
      listInvoices(app, userId, { account_id: accountId, status: 'unpaid' }),
    ),
  );
  const invoices: DueItem[] = invoiceLists
    .flatMap((list) => list.items)
    .filter((invoice) => invoice.status !== 'paid' && invoice.status !== 'cancelled')
    .map((invoice) => ({
      letterId: invoice.letter_id,
      kind: 'invoice',
      provider: invoice.provider.name,
      subject: invoice.subject,
      dueDate: invoice.due_date,
      amount: { minor: invoice.amount, currency: invoice.currency },
      overdue: invoice.is_overdue,
    }));
  const signatures: DueItem[] = (await listOpenSignatureRequests(app, userId)).items.map(
    (request) => ({
      letterId: request.letter_id,
      kind: 'signature',
      provider: request.provider.name,
      subject: request.subject,
      dueDate: request.due_date,
      overdue: false,
    }),
  );
  return [...invoices, ...signatures].toSorted(
    (a, b) => a.dueDate.localeCompare(b.dueDate) || a.letterId.localeCompare(b.letterId),
  );
}

function letterLink(app: FastifyInstance, letterId: string): string {
  return `${app.config.publicUrl}/inbox/${encodeURIComponent(letterId)}`;
}

function toEvent(app: FastifyInstance, item: DueItem, language: Language): IcsAllDayEvent {
  const texts = calendarTexts[language];
  const link = letterLink(app, item.letterId);
  const dueDate = formatDueDate(item.dueDate, language);
  // One event per letter, whatever changes: a calendar replaces it by its UID.
  const uid = `${item.letterId}@${new URL(app.config.publicUrl).host}`;
  if (item.kind === 'invoice' && item.amount) {
    const amount = formatAmount(item.amount.minor, item.amount.currency, language);
    return {
      uid,
      start: item.dueDate,
      summary: texts.invoiceSummary({ provider: item.provider, amount, overdue: item.overdue }),
      description: texts.invoiceDescription({
        provider: item.provider,
        subject: item.subject,
        amount,
        dueDate,
        link,
      }),
      url: link,
    };
  }
  return {
    uid,
    start: item.dueDate,
    summary: texts.signatureSummary({ provider: item.provider }),
    description: texts.signatureDescription({
      provider: item.provider,
      subject: item.subject,
      dueDate,
      link,
    }),
    url: link,
  };
}

async function languageOf(app: FastifyInstance, userId: string): Promise<Language> {
  const user = await getUserById(app.db, userId);
  if (!user || user.disabled_at !== null) throw new AppError('NOT_FOUND');
  return userLanguage(user);
}

function calendarOf(app: FastifyInstance, items: readonly DueItem[], language: Language): string {
  return writeIcsCalendar({
    name: calendarTexts[language].calendarName,
    timeZone: app.config.timeZone,
    refreshInterval: CALENDAR_REFRESH_INTERVAL,
    stamp: app.clock.now(),
    events: items.map((item) => toEvent(app, item, language)),
  });
}

/** The whole feed of the person, as iCalendar text in their language. */
export async function renderCalendarOfUser(app: FastifyInstance, userId: string): Promise<string> {
  const language = await languageOf(app, userId);
  return calendarOf(app, await findDueItemsOfUser(app, userId), language);
}

/**
 * One letter's due date as an .ics file: 404 when the caller cannot see the letter,
 * CALENDAR_NOTHING_DUE when nothing is due any more (paid, signed, closed, trashed).
 */
export async function renderLetterEvent(
  app: FastifyInstance,
  userId: string,
  letterId: string,
): Promise<{ text: string; fileName: string }> {
  const language = await languageOf(app, userId);
  const items = await findDueItemsOfUser(app, userId);
  const item = items.find((candidate) => candidate.letterId === letterId);
  if (!item) {
    const letter = await findLetterOfUser(app, userId, letterId);
    throw new AppError(letter ? 'CALENDAR_NOTHING_DUE' : 'NOT_FOUND');
  }
  return {
    text: calendarOf(app, [item], language),
    fileName: calendarTexts[language].fileName(item.kind),
  };
}
