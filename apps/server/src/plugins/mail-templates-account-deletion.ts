import type { Language } from '@kuvert/shared/auth';
import { escapeHtml } from '../lib/html-escape.ts';
import type { MailMessage } from './mailer.ts';

/*
 * The e-mails of account deletion, in the recipient's language: the code that confirms the
 * request, and the confirmation with the date and how to cancel.
 */

function greeting(language: Language, name: string): string {
  if (language === 'de') return name ? `Hallo ${name},` : 'Hallo,';
  return name ? `Hello ${name},` : 'Hello,';
}

function message(
  input: { to: string; language: Language },
  subject: string,
  paragraphs: string[],
): MailMessage {
  const text = [...paragraphs.flatMap((paragraph) => [paragraph, '']), 'Kuvert'].join('\n');
  const html = `<!doctype html>
<html lang="${input.language}"><body style="font-family: sans-serif; line-height: 1.5; color: #1a1b1e;">
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
</body></html>`;
  return { to: input.to, subject, text, html };
}

export interface DeletionCodeMailInput {
  to: string;
  language: Language;
  firstName: string;
  code: string;
  minutes: number;
}

export function deletionCodeMail(input: DeletionCodeMailInput): MailMessage {
  if (input.language === 'de') {
    return message(input, `Ihr Code zum Löschen Ihres Kuvert-Kontos: ${input.code}`, [
      greeting('de', input.firstName),
      'Sie möchten Ihr Kuvert-Konto löschen. Geben Sie diesen Code auf der Seite ein, auf der Sie das Löschen angefordert haben:',
      input.code,
      `Der Code ist ${input.minutes} Minuten gültig.`,
      'Waren Sie das nicht, ändern Sie Ihr Passwort: Jemand kennt es. Ohne den Code geschieht nichts.',
    ]);
  }
  return message(input, `Your code to delete your Kuvert account: ${input.code}`, [
    greeting('en', input.firstName),
    'You asked to delete your Kuvert account. Enter this code on the page where you asked:',
    input.code,
    `The code is valid for ${input.minutes} minutes.`,
    'If this was not you, change your password: someone knows it. Without the code nothing happens.',
  ]);
}

export interface DeletionScheduledMailInput {
  to: string;
  language: Language;
  firstName: string;
  /** When the account is erased. */
  dueAt: Date;
  timeZone: string;
  loginLink: string;
}

export function formatDeletionDate(language: Language, date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(date);
}

export function deletionScheduledMail(input: DeletionScheduledMailInput): MailMessage {
  const date = formatDeletionDate(input.language, input.dueAt, input.timeZone);
  if (input.language === 'de') {
    return message(input, `Ihr Kuvert-Konto wird am ${date} gelöscht`, [
      greeting('de', input.firstName),
      `Ihr Kuvert-Konto wird am ${date} gelöscht. Sie wurden überall abgemeldet.`,
      `Bis dahin können Sie es sich anders überlegen: Melden Sie sich unter ${input.loginLink} mit Ihrem Passwort an und wählen Sie „Löschen abbrechen“. Danach ist alles wie zuvor.`,
      'Am Tag der Löschung werden Ihr persönliches Postfach mit allen Briefen und Dokumenten, Ihre Uploads, Entwürfe, Kontakte, Ordner und Akten gelöscht. Was Anbieter erhalten haben (gesendete Formulare, Zahlungen) und die Protokolle Ihrer Unterschriften bleiben, ohne Ihren Namen und Ihre E-Mail-Adresse.',
    ]);
  }
  return message(input, `Your Kuvert account will be deleted on ${date}`, [
    greeting('en', input.firstName),
    `Your Kuvert account will be deleted on ${date}. You have been logged out everywhere.`,
    `Until then you can change your mind: log in at ${input.loginLink} with your password and choose "Cancel deletion". Everything is then as it was.`,
    'On that day your personal mailbox with all its letters and documents, your uploads, drafts, contacts, folders and case files are erased. What providers received (forms you sent, payments) and the records of your signatures stay, without your name and e-mail address.',
  ]);
}
