import type { MailMessage } from '../../plugins/mailer.ts';
import { formatMoment, receiptLanguage } from './form-receipt-content.ts';

interface ReceiptMailInput {
  to: string;
  language: string;
  /** The provider's name, as registered with Kuvert. */
  providerName: string;
  /** The form's title, as the provider published it. */
  formTitle: string;
  reference: string;
  submittedAt: string;
  timeZone: string;
}

/**
 * The confirmation an anonymous visitor asked for. The address was typed by whoever filled out
 * the form and is confirmed by nobody, so the mail says only what Kuvert and the provider wrote:
 * who received which form, when, and the reference. No answer, no attachment: nothing a visitor
 * typed reaches a stranger's inbox through Kuvert. The PDF of the answers is downloaded on the
 * page that sent them.
 */
export function formReceiptMail(input: ReceiptMailInput): MailMessage {
  const language = receiptLanguage(input.language);
  const when = formatMoment(input.submittedAt, language, input.timeZone);
  if (language === 'de') {
    return {
      to: input.to,
      subject: `Bestätigung zu „${input.formTitle}“ – ${input.reference}`,
      text: [
        'Hallo,',
        '',
        `${input.providerName} hat am ${when} Angaben zum Formular „${input.formTitle}“ erhalten.`,
        '',
        `Aktenzeichen: ${input.reference}`,
        '',
        'Die Angaben selbst stehen nicht in dieser E-Mail: Wer sie gesendet hat, konnte sie direkt danach als PDF herunterladen.',
        '',
        'Sie erhalten diese E-Mail, weil diese Adresse beim Ausfüllen des Formulars für eine Bestätigung angegeben wurde. Haben Sie das Formular nicht ausgefüllt, können Sie sie ignorieren.',
        '',
        'Kuvert',
      ].join('\n'),
    };
  }
  return {
    to: input.to,
    subject: `Confirmation for “${input.formTitle}” – ${input.reference}`,
    text: [
      'Hello,',
      '',
      `${input.providerName} received answers to the form “${input.formTitle}” on ${when}.`,
      '',
      `Reference: ${input.reference}`,
      '',
      'The answers themselves are not in this e-mail: whoever sent them could download them as a PDF right after sending.',
      '',
      'You get this e-mail because this address was given for a confirmation when the form was filled out. If you did not fill out this form, you can ignore it.',
      '',
      'Kuvert',
    ].join('\n'),
  };
}
