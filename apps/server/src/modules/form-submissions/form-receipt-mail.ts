import type { Language } from '@kuvert/shared/auth';
import { formatDateTime, languageOf } from '../../lib/locale.ts';
import type { MailMessage } from '../../plugins/mailer.ts';
import { greetingOf } from '../../plugins/mail-templates.ts';

interface ReceiptMailInput {
  to: string;
  /** The language the visitor filled out the form in; anything unknown reads as English. */
  language: string;
  /** The provider's name, as registered with Kuvert. */
  providerName: string;
  /** The form's title, as the provider published it. */
  formTitle: string;
  reference: string;
  submittedAt: string;
  timeZone: string;
}

interface ReceiptWords {
  provider: string;
  title: string;
  reference: string;
  when: string;
}

const receipt: Record<Language, (w: ReceiptWords) => { subject: string; lines: string[] }> = {
  en: (w) => ({
    subject: `Confirmation for “${w.title}” – ${w.reference}`,
    lines: [
      `${w.provider} received answers to the form “${w.title}” on ${w.when}.`,
      `Reference: ${w.reference}`,
      'The answers themselves are not in this e-mail: whoever sent them could download them as a PDF right after sending.',
      'You get this e-mail because this address was given for a confirmation when the form was filled out. If you did not fill out this form, you can ignore it.',
    ],
  }),
  de: (w) => ({
    subject: `Bestätigung zu „${w.title}“ – ${w.reference}`,
    lines: [
      `${w.provider} hat am ${w.when} Angaben zum Formular „${w.title}“ erhalten.`,
      `Aktenzeichen: ${w.reference}`,
      'Die Angaben selbst stehen nicht in dieser E-Mail: Wer sie gesendet hat, konnte sie direkt danach als PDF herunterladen.',
      'Sie erhalten diese E-Mail, weil diese Adresse beim Ausfüllen des Formulars für eine Bestätigung angegeben wurde. Haben Sie das Formular nicht ausgefüllt, können Sie sie ignorieren.',
    ],
  }),
  sv: (w) => ({
    subject: `Bekräftelse för ”${w.title}” – ${w.reference}`,
    lines: [
      `${w.provider} tog emot uppgifter i formuläret ”${w.title}” den ${w.when}.`,
      `Referens: ${w.reference}`,
      'Själva uppgifterna finns inte i det här mejlet: den som skickade dem kunde ladda ner dem som PDF direkt efteråt.',
      'Du får det här mejlet eftersom den här adressen angavs för en bekräftelse när formuläret fylldes i. Om du inte har fyllt i formuläret kan du bortse från mejlet.',
    ],
  }),
  da: (w) => ({
    subject: `Bekræftelse af »${w.title}« – ${w.reference}`,
    lines: [
      `${w.provider} modtog oplysninger til formularen »${w.title}« den ${w.when}.`,
      `Referencenummer: ${w.reference}`,
      'Selve oplysningerne står ikke i denne e-mail: Den, der sendte dem, kunne downloade dem som PDF lige efter afsendelsen.',
      'Du modtager denne e-mail, fordi denne adresse blev angivet til en bekræftelse, da formularen blev udfyldt. Hvis du ikke har udfyldt formularen, kan du se bort fra den.',
    ],
  }),
  nb: (w) => ({
    subject: `Bekreftelse på «${w.title}» – ${w.reference}`,
    lines: [
      `${w.provider} mottok svar på skjemaet «${w.title}» den ${w.when}.`,
      `Referanse: ${w.reference}`,
      'Selve svarene står ikke i denne e-posten: Den som sendte dem, kunne laste dem ned som PDF rett etter innsendingen.',
      'Du får denne e-posten fordi denne adressen ble oppgitt for en bekreftelse da skjemaet ble fylt ut. Hvis du ikke har fylt ut skjemaet, kan du se bort fra den.',
    ],
  }),
};

/**
 * The confirmation an anonymous visitor asked for. The address was typed by whoever filled out
 * the form and is confirmed by nobody, so the mail says only what Kuvert and the provider wrote:
 * who received which form, when, and the reference. No answer, no attachment: nothing a visitor
 * typed reaches a stranger's inbox through Kuvert. The PDF of the answers is downloaded on the
 * page that sent them.
 */
export function formReceiptMail(input: ReceiptMailInput): MailMessage {
  const language = languageOf(input.language);
  const when = `${formatDateTime(language, new Date(input.submittedAt), input.timeZone)} (${input.timeZone})`;
  const { subject, lines } = receipt[language]({
    provider: input.providerName,
    title: input.formTitle,
    reference: input.reference,
    when,
  });
  return {
    to: input.to,
    subject,
    text: [greetingOf(language, ''), ...lines.flatMap((line) => ['', line]), '', 'Kuvert'].join(
      '\n',
    ),
  };
}
