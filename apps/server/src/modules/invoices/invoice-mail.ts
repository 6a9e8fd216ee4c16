import type { Language } from '@kuvert/shared/auth';
import { formatDay, formatMoney, languageOf } from '../../lib/locale.ts';
import type { MailMessage } from '../../plugins/mailer.ts';
import { greetingOf } from '../../plugins/mail-templates.ts';

export interface InvoiceReminderMailInput {
  kind: 'due_soon' | 'overdue';
  to: string;
  /** The member's language as stored; anything unknown reads as English. */
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

/** 14268 EUR → "€142.68" (en) or "142,68 €" (de); a currency without cents keeps its units. */
export function formatAmount(minor: number, currency: string, language: string): string {
  return formatMoney(languageOf(language), minor, currency);
}

/** 2026-03-05 → "5 March 2026" (en) or "5. März 2026" (de); a calendar day, so in UTC. */
export function formatDueDate(date: string, language: string): string {
  return formatDay(languageOf(language), date);
}

interface ReminderWords {
  provider: string;
  amount: string;
  date: string;
  link: string;
}

interface ReminderTexts {
  subject: Record<InvoiceReminderMailInput['kind'], string>;
  body: Record<InvoiceReminderMailInput['kind'], string>;
  open: string;
  paidAlready: string;
  turnOff: string;
}

const reminders: Record<Language, (w: ReminderWords) => ReminderTexts> = {
  en: (w) => ({
    subject: {
      overdue: `Overdue: invoice from ${w.provider} for ${w.amount}`,
      due_soon: `Reminder: invoice from ${w.provider} due on ${w.date}`,
    },
    body: {
      overdue: `The invoice from ${w.provider} for ${w.amount} was due on ${w.date} and is not marked as paid in Kuvert yet.`,
      due_soon: `The invoice from ${w.provider} for ${w.amount} is due on ${w.date}.`,
    },
    open: `Open and pay the invoice: ${w.link}`,
    paidAlready: 'If you have paid it already, you can mark it as paid there.',
    turnOff: 'You can turn these reminders off in your profile.',
  }),
  de: (w) => ({
    subject: {
      overdue: `Überfällig: Rechnung von ${w.provider} über ${w.amount}`,
      due_soon: `Erinnerung: Rechnung von ${w.provider} fällig am ${w.date}`,
    },
    body: {
      overdue: `die Rechnung von ${w.provider} über ${w.amount} war am ${w.date} fällig und ist in Kuvert noch nicht als bezahlt vermerkt.`,
      due_soon: `die Rechnung von ${w.provider} über ${w.amount} ist am ${w.date} fällig.`,
    },
    open: `Rechnung öffnen und bezahlen: ${w.link}`,
    paidAlready: 'Haben Sie schon bezahlt, können Sie die Rechnung dort als bezahlt markieren.',
    turnOff: 'Diese Erinnerungen können Sie in Ihrem Profil abschalten.',
  }),
  sv: (w) => ({
    subject: {
      overdue: `Förfallen: faktura från ${w.provider} på ${w.amount}`,
      due_soon: `Påminnelse: faktura från ${w.provider} förfaller den ${w.date}`,
    },
    body: {
      overdue: `Fakturan från ${w.provider} på ${w.amount} förföll den ${w.date} och är ännu inte markerad som betald i Kuvert.`,
      due_soon: `Fakturan från ${w.provider} på ${w.amount} förfaller den ${w.date}.`,
    },
    open: `Öppna och betala fakturan: ${w.link}`,
    paidAlready: 'Om du redan har betalat kan du markera fakturan som betald där.',
    turnOff: 'Du kan stänga av de här påminnelserna i din profil.',
  }),
  da: (w) => ({
    subject: {
      overdue: `Forfalden: regning fra ${w.provider} på ${w.amount}`,
      due_soon: `Påmindelse: regning fra ${w.provider} forfalder den ${w.date}`,
    },
    body: {
      overdue: `Regningen fra ${w.provider} på ${w.amount} forfaldt den ${w.date} og er endnu ikke markeret som betalt i Kuvert.`,
      due_soon: `Regningen fra ${w.provider} på ${w.amount} forfalder den ${w.date}.`,
    },
    open: `Åbn og betal regningen: ${w.link}`,
    paidAlready: 'Hvis du allerede har betalt, kan du markere regningen som betalt der.',
    turnOff: 'Du kan slå disse påmindelser fra i din profil.',
  }),
  nb: (w) => ({
    subject: {
      overdue: `Forfalt: faktura fra ${w.provider} på ${w.amount}`,
      due_soon: `Påminnelse: faktura fra ${w.provider} forfaller ${w.date}`,
    },
    body: {
      overdue: `Fakturaen fra ${w.provider} på ${w.amount} forfalt ${w.date} og er ennå ikke merket som betalt i Kuvert.`,
      due_soon: `Fakturaen fra ${w.provider} på ${w.amount} forfaller ${w.date}.`,
    },
    open: `Åpne og betal fakturaen: ${w.link}`,
    paidAlready: 'Hvis du allerede har betalt, kan du merke fakturaen som betalt der.',
    turnOff: 'Du kan slå av disse påminnelsene i profilen din.',
  }),
};

/**
 * "Due soon" and "overdue" reminders. They name the provider, amount and due date (what the
 * reminder is about) but not the subject or content, which stay behind the login.
 */
export function invoiceReminderMail(input: InvoiceReminderMailInput): MailMessage {
  const language = languageOf(input.language);
  const t = reminders[language]({
    provider: input.providerName,
    amount: formatMoney(language, input.amount, input.currency),
    date: formatDay(language, input.dueDate),
    link: input.link,
  });
  return {
    to: input.to,
    subject: t.subject[input.kind],
    text: [
      greetingOf(language, input.firstName),
      '',
      t.body[input.kind],
      '',
      t.open,
      '',
      t.paidAlready,
      t.turnOff,
    ].join('\n'),
  };
}
