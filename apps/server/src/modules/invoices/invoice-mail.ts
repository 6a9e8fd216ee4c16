import type { MailMessage } from '../../plugins/mailer.ts';

export interface InvoiceReminderMailInput {
  kind: 'due_soon' | 'overdue';
  to: string;
  language: string;
  firstName: string;
  providerName: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** YYYY-MM-DD. */
  dueDate: string;
  link: string;
}

const localeOf = (language: string) => (language === 'de' ? 'de-DE' : 'en-GB');

/** 14268 EUR → "€142.68" (en) or "142,68 €" (de); a currency without cents keeps its units. */
export function formatAmount(minor: number, currency: string, language: string): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(localeOf(language), { style: 'currency', currency });
  } catch {
    // Not an ISO 4217 code Intl knows: show the number and the code as given.
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

/** 2026-03-05 → "5 March 2026" (en) or "5. März 2026" (de); a calendar day, so in UTC. */
export function formatDueDate(date: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * "Due soon" and "overdue" reminders. They name the provider, amount and due date (what the
 * reminder is about) but not the subject or content, which stay behind the login.
 */
export function invoiceReminderMail(input: InvoiceReminderMailInput): MailMessage {
  const amount = formatAmount(input.amount, input.currency, input.language);
  const date = formatDueDate(input.dueDate, input.language);
  const isOverdue = input.kind === 'overdue';
  if (input.language === 'de') {
    return {
      to: input.to,
      subject: isOverdue
        ? `Überfällig: Rechnung von ${input.providerName} über ${amount}`
        : `Erinnerung: Rechnung von ${input.providerName} fällig am ${date}`,
      text: [
        input.firstName ? `Hallo ${input.firstName},` : 'Hallo,',
        '',
        isOverdue
          ? `die Rechnung von ${input.providerName} über ${amount} war am ${date} fällig und ist in Kuvert noch nicht als bezahlt vermerkt.`
          : `die Rechnung von ${input.providerName} über ${amount} ist am ${date} fällig.`,
        '',
        `Rechnung öffnen und bezahlen: ${input.link}`,
        '',
        'Haben Sie schon bezahlt, können Sie die Rechnung dort als bezahlt markieren.',
        'Diese Erinnerungen können Sie in Ihrem Profil abschalten.',
      ].join('\n'),
    };
  }
  return {
    to: input.to,
    subject: isOverdue
      ? `Overdue: invoice from ${input.providerName} for ${amount}`
      : `Reminder: invoice from ${input.providerName} due on ${date}`,
    text: [
      input.firstName ? `Hello ${input.firstName},` : 'Hello,',
      '',
      isOverdue
        ? `The invoice from ${input.providerName} for ${amount} was due on ${date} and is not marked as paid in Kuvert yet.`
        : `The invoice from ${input.providerName} for ${amount} is due on ${date}.`,
      '',
      `Open and pay the invoice: ${input.link}`,
      '',
      'If you have paid it already, you can mark it as paid there.',
      'You can turn these reminders off in your profile.',
    ].join('\n'),
  };
}
