import type { Language } from '@kuvert/shared/auth';
import { escapeHtml } from '../lib/html-escape.ts';
import { formatCount, localeOf } from '../lib/locale.ts';
import { greetingOf } from './mail-templates.ts';
import type { MailMessage } from './mailer.ts';

/*
 * The e-mails of account deletion, in the recipient's language: the code that confirms the
 * request, and the confirmation with the date and how to cancel.
 */

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

interface Composed {
  subject: string;
  paragraphs: string[];
}

const deletionCode: Record<Language, (code: string, minutes: number) => Composed> = {
  en: (code, minutes) => ({
    subject: `Your code to delete your Kuvert account: ${code}`,
    paragraphs: [
      'You asked to delete your Kuvert account. Enter this code on the page where you asked:',
      code,
      `The code is valid for ${formatCount('en', minutes, { one: '# minute', other: '# minutes' })}.`,
      'If this was not you, change your password: someone knows it. Without the code nothing happens.',
    ],
  }),
  de: (code, minutes) => ({
    subject: `Ihr Code zum Löschen Ihres Kuvert-Kontos: ${code}`,
    paragraphs: [
      'Sie möchten Ihr Kuvert-Konto löschen. Geben Sie diesen Code auf der Seite ein, auf der Sie das Löschen angefordert haben:',
      code,
      `Der Code ist ${formatCount('de', minutes, { one: '# Minute', other: '# Minuten' })} gültig.`,
      'Waren Sie das nicht, ändern Sie Ihr Passwort: Jemand kennt es. Ohne den Code geschieht nichts.',
    ],
  }),
  sv: (code, minutes) => ({
    subject: `Din kod för att radera ditt Kuvert-konto: ${code}`,
    paragraphs: [
      'Du har bett om att få radera ditt Kuvert-konto. Ange den här koden på sidan där du gjorde begäran:',
      code,
      `Koden gäller i ${formatCount('sv', minutes, { one: '# minut', other: '# minuter' })}.`,
      'Om det inte var du, byt lösenord: någon känner till det. Utan koden händer ingenting.',
    ],
  }),
  da: (code, minutes) => ({
    subject: `Din kode til at slette din Kuvert-konto: ${code}`,
    paragraphs: [
      'Du har bedt om at slette din Kuvert-konto. Indtast denne kode på den side, hvor du bad om det:',
      code,
      `Koden gælder i ${formatCount('da', minutes, { one: '# minut', other: '# minutter' })}.`,
      'Hvis det ikke var dig, så skift din adgangskode: Nogen kender den. Uden koden sker der ingenting.',
    ],
  }),
  nb: (code, minutes) => ({
    subject: `Koden din for å slette Kuvert-kontoen: ${code}`,
    paragraphs: [
      'Du har bedt om å slette Kuvert-kontoen din. Skriv inn denne koden på siden der du ba om det:',
      code,
      `Koden gjelder i ${formatCount('nb', minutes, { one: '# minutt', other: '# minutter' })}.`,
      'Hvis det ikke var deg, bør du bytte passord: Noen kjenner det. Uten koden skjer det ingenting.',
    ],
  }),
};

export function deletionCodeMail(input: DeletionCodeMailInput): MailMessage {
  const { subject, paragraphs } = deletionCode[input.language](input.code, input.minutes);
  return message(input, subject, [greetingOf(input.language, input.firstName), ...paragraphs]);
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
  return new Intl.DateTimeFormat(localeOf(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(date);
}

const deletionScheduled: Record<Language, (date: string, loginLink: string) => Composed> = {
  en: (date, loginLink) => ({
    subject: `Your Kuvert account will be deleted on ${date}`,
    paragraphs: [
      `Your Kuvert account will be deleted on ${date}. You have been logged out everywhere.`,
      `Until then you can change your mind: log in at ${loginLink} with your password and choose "Cancel deletion". Everything is then as it was.`,
      'On that day your personal mailbox with all its letters and documents, your uploads, drafts, contacts, folders and case files are erased. What providers received (forms you sent, payments) and the records of your signatures stay, without your name and e-mail address.',
    ],
  }),
  de: (date, loginLink) => ({
    subject: `Ihr Kuvert-Konto wird am ${date} gelöscht`,
    paragraphs: [
      `Ihr Kuvert-Konto wird am ${date} gelöscht. Sie wurden überall abgemeldet.`,
      `Bis dahin können Sie es sich anders überlegen: Melden Sie sich unter ${loginLink} mit Ihrem Passwort an und wählen Sie „Löschen abbrechen“. Danach ist alles wie zuvor.`,
      'Am Tag der Löschung werden Ihr persönliches Postfach mit allen Briefen und Dokumenten, Ihre Uploads, Entwürfe, Kontakte, Ordner und Akten gelöscht. Was Anbieter erhalten haben (gesendete Formulare, Zahlungen) und die Protokolle Ihrer Unterschriften bleiben, ohne Ihren Namen und Ihre E-Mail-Adresse.',
    ],
  }),
  sv: (date, loginLink) => ({
    subject: `Ditt Kuvert-konto raderas den ${date}`,
    paragraphs: [
      `Ditt Kuvert-konto raderas den ${date}. Du har loggats ut överallt.`,
      `Fram till dess kan du ångra dig: logga in på ${loginLink} med ditt lösenord och välj ”Avbryt raderingen”. Då blir allt som förut.`,
      'Den dagen raderas din personliga brevlåda med alla brev och dokument, dina uppladdningar, utkast, kontakter, mappar och akter. Det som avsändare har tagit emot (formulär du har skickat, betalningar) och uppgifterna om dina underskrifter finns kvar, utan ditt namn och din e-postadress.',
    ],
  }),
  da: (date, loginLink) => ({
    subject: `Din Kuvert-konto bliver slettet den ${date}`,
    paragraphs: [
      `Din Kuvert-konto bliver slettet den ${date}. Du er blevet logget ud overalt.`,
      `Indtil da kan du fortryde: Log ind på ${loginLink} med din adgangskode, og vælg »Annullér sletning«. Så er alt som før.`,
      'Den dag slettes din personlige postkasse med alle breve og dokumenter, dine uploadede filer, kladder, kontakter, mapper og sager. Det, som afsendere har modtaget (formularer, du har sendt, betalinger), og registreringerne af dine underskrifter bliver, uden dit navn og din e-mailadresse.',
    ],
  }),
  nb: (date, loginLink) => ({
    subject: `Kuvert-kontoen din blir slettet ${date}`,
    paragraphs: [
      `Kuvert-kontoen din blir slettet ${date}. Du er logget ut overalt.`,
      `Fram til da kan du ombestemme deg: Logg inn på ${loginLink} med passordet ditt og velg «Avbryt slettingen». Da blir alt som før.`,
      'Den dagen slettes den personlige postkassen din med alle brev og dokumenter, opplastingene dine, utkast, kontakter, arkivet og saksmappene. Det avsendere har mottatt (skjemaer du har sendt, betalinger), og opplysningene om signaturene dine blir liggende, uten navnet og e-postadressen din.',
    ],
  }),
};

export function deletionScheduledMail(input: DeletionScheduledMailInput): MailMessage {
  const date = formatDeletionDate(input.language, input.dueAt, input.timeZone);
  const { subject, paragraphs } = deletionScheduled[input.language](date, input.loginLink);
  return message(input, subject, [greetingOf(input.language, input.firstName), ...paragraphs]);
}
