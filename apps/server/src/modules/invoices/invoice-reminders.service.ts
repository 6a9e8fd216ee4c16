import type { FastifyInstance } from 'fastify';
import { nextPeriodStart, type PeriodSchedule } from '../../plugins/job-periods.ts';
import { findMembersToNotify } from '../users/members-to-notify.service.ts';
import { findProviderRefs } from '../providers/provider-refs.service.ts';
import type { ReminderKind, ReminderLetterRow } from './invoice-letters.ts';
import { addDays, todayOf } from './invoice-status.ts';
import { invoiceReminderMail } from './invoice-mail.ts';

export const INVOICE_REMINDERS_JOB = 'invoice.reminders';
/** Invoices overdue for longer are not announced: an old import must not flood anyone. */
const OVERDUE_NOTICE_MAX_DAYS = 7;
/** The daily run at 07:00 UTC: morning in Europe, never in the middle of the night. */
const REMINDER_SCHEDULE: PeriodSchedule = { period: 'day', offsetSeconds: 7 * 3600 };
const BATCH_SIZE = 200;

/** An invoice to remind of, with its provider's name for the mail. */
interface ReminderCandidate extends ReminderLetterRow {
  provider_name: string;
}

/**
 * The next invoices to remind of (the letters area's rows), each with its provider's name,
 * asked of the providers area once per batch. Every invoice has its provider (a foreign key).
 */
async function findReminderCandidates(
  app: FastifyInstance,
  kind: ReminderKind,
  window: { from: string; to: string; limit: number },
): Promise<ReminderCandidate[]> {
  const letters = await app.invoiceLetters.findReminderCandidates(app.db, kind, window);
  const providers = await findProviderRefs(
    app.db,
    letters.map((letter) => letter.provider_id),
  );
  return letters.flatMap((letter) => {
    const provider = providers.get(letter.provider_id);
    return provider === undefined ? [] : [{ ...letter, provider_name: provider.name }];
  });
}

export interface ReminderRunResult {
  sent: number;
  /** Reminders given back because not one of their mails went out (the mail server is down). */
  failed: number;
}

/** Each reminder to every member who wants due-date reminders; answers the mails sent. */
async function sendReminder(
  app: FastifyInstance,
  kind: ReminderKind,
  invoice: ReminderCandidate,
): Promise<{ sent: number; errors: unknown[] }> {
  const members = await findMembersToNotify(app.db, invoice.account_id, 'email_due_date_reminders');
  const errors: unknown[] = [];
  let sent = 0;
  for (const member of members) {
    const mail = invoiceReminderMail({
      kind,
      to: member.email,
      language: member.language,
      firstName: member.firstName,
      providerName: invoice.provider_name,
      amount: Number(invoice.invoice_amount ?? 0),
      currency: invoice.invoice_currency ?? '',
      dueDate: invoice.invoice_due_date ?? '',
      link: `${app.config.publicUrl}/inbox/${encodeURIComponent(invoice.id)}`,
    });
    try {
      await app.mailer.send(mail);
      sent += 1;
    } catch (error) {
      errors.push(error);
    }
  }
  return { sent, errors };
}

/**
 * Sends one kind of reminder for every invoice in the window. Each invoice is claimed before
 * its mails go out, so a reminder goes out at most once across instances; when every mail of
 * an invoice failed, the claim is given back for the job's retry, and the run stops there.
 */
async function remindWindow(
  app: FastifyInstance,
  kind: ReminderKind,
  window: { from: string; to: string },
  result: ReminderRunResult,
): Promise<void> {
  for (;;) {
    const batch = await findReminderCandidates(app, kind, { ...window, limit: BATCH_SIZE });
    if (batch.length === 0) return;
    for (const invoice of batch) {
      const claimedAt = app.clock.now().toISOString();
      if (!(await app.invoiceLetters.claimReminder(app.db, kind, invoice.id, claimedAt))) continue;
      const outcome = await sendReminder(app, kind, invoice);
      result.sent += outcome.sent;
      if (outcome.errors.length === 0) continue;
      app.log.error({ err: outcome.errors[0], letterId: invoice.id, kind }, 'reminder not sent');
      if (outcome.sent > 0) continue;
      await app.invoiceLetters.releaseReminder(app.db, kind, invoice.id, claimedAt);
      result.failed += 1;
      return;
    }
  }
}

/**
 * The daily reminders: (a) invoices due within `invoiceReminderDays` from today, once, and
 * (b) invoices that became overdue (up to a week ago), once. Paid, cancelled and trashed
 * invoices are never reminded of.
 */
export async function sendInvoiceReminders(app: FastifyInstance): Promise<ReminderRunResult> {
  const today = todayOf(app);
  const result: ReminderRunResult = { sent: 0, failed: 0 };
  await remindWindow(
    app,
    'due_soon',
    { from: today, to: addDays(today, app.config.invoiceReminderDays) },
    result,
  );
  if (result.failed === 0) {
    await remindWindow(
      app,
      'overdue',
      { from: addDays(today, -OVERDUE_NOTICE_MAX_DAYS), to: addDays(today, -1) },
      result,
    );
  }
  return result;
}

/** The next 07:00 UTC after `now`. */
export function nextReminderRunAt(now: Date): Date {
  return nextPeriodStart(REMINDER_SCHEDULE, now);
}

/** Queues the next morning's run unless queued already, as an instance's start does. */
export function scheduleInvoiceReminders(app: FastifyInstance): Promise<void> {
  return app.jobs.schedulePeriodic(INVOICE_REMINDERS_JOB);
}

/**
 * Every morning, once for the whole cluster. The next morning's run is queued once this one
 * finished, so a failed run is retried by the job system's backoff (the claims make a retry
 * send nothing twice).
 */
export function registerInvoiceJobs(app: FastifyInstance): void {
  app.jobs.every({
    type: INVOICE_REMINDERS_JOB,
    ...REMINDER_SCHEDULE,
    firstRun: 'next-period',
    run: async () => {
      const result = await sendInvoiceReminders(app);
      if (result.sent > 0) app.log.info({ sent: result.sent }, 'invoice reminders sent');
      if (result.failed > 0) throw new Error('Reminder mails could not be sent; retrying');
    },
  });
}
