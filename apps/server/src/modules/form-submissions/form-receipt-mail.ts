import type { MailMessage } from '../../plugins/mailer.ts';
import { formatMoment, receiptLanguage } from './form-receipt-content.ts';

interface ReceiptMailInput {
  to: string;
  language: string;
  providerName: string;
  formTitle: string;
  reference: string;
  submittedAt: string;
  timeZone: string;
  pdf: Buffer;
}

/**
 * The receipt an anonymous visitor asked for: who received what, when, the reference, and the
 * PDF of their answers attached (the same PDF the provider got), in the visitor's language.
 */
export function formReceiptMail(input: ReceiptMailInput): MailMessage {
  const language = receiptLanguage(input.language);
  const when = formatMoment(input.submittedAt, language, input.timeZone);
  const attachments = [
    { filename: `${input.reference}.pdf`, contentType: 'application/pdf', content: input.pdf },
  ];
  if (language === 'de') {
    return {
      to: input.to,
      subject: `Ihre Angaben zu „${input.formTitle}“ – ${input.reference}`,
      text: [
        'Hallo,',
        '',
        `vielen Dank: ${input.providerName} hat Ihre Angaben zum Formular „${input.formTitle}“ am ${when} erhalten.`,
        '',
        `Ihre Referenz: ${input.reference}`,
        '',
        'Im Anhang finden Sie Ihre Angaben als PDF, so wie sie übermittelt wurden. Bewahren Sie es für Ihre Unterlagen auf.',
        '',
        'Sie erhalten diese E-Mail, weil diese Adresse beim Ausfüllen des Formulars für die Bestätigung angegeben wurde.',
        '',
        'Kuvert',
      ].join('\n'),
      attachments,
    };
  }
  return {
    to: input.to,
    subject: `Your answers to “${input.formTitle}” – ${input.reference}`,
    text: [
      'Hello,',
      '',
      `thank you: ${input.providerName} received your answers to the form “${input.formTitle}” on ${when}.`,
      '',
      `Your reference: ${input.reference}`,
      '',
      'Attached is a PDF of your answers as they were sent. Keep it for your records.',
      '',
      'You get this e-mail because this address was given for a receipt when the form was filled out.',
      '',
      'Kuvert',
    ].join('\n'),
    attachments,
  };
}
