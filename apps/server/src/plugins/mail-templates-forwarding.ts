import type { Language } from '@kuvert/shared/auth';
import type { MailAttachment, MailMessage } from './mailer.ts';

/*
 * A letter forwarded by e-mail (issue 25), in the recipient's language. Three shapes: the
 * letter's PDFs attached; a notice with a link when they are too big to attach; a link only
 * when the document waits for a signature (it is signed in Kuvert, not from a mailbox).
 */

export type ForwardedLetterShape =
  | { kind: 'attached'; attachments: MailAttachment[] }
  | { kind: 'too-big'; limitMegabytes: number }
  | { kind: 'signature' };

export interface ForwardedLetterMailInput {
  to: string;
  language: Language;
  firstName: string;
  senderName: string;
  subject: string;
  /** When the letter arrived, as the person reads a date. */
  arrivedOn: string;
  link: string;
  shape: ForwardedLetterShape;
}

/** Header text must stay on one line whatever a provider put into a name or subject. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim();
}

function lines(input: ForwardedLetterMailInput): { subject: string; text: string[] } {
  const sender = oneLine(input.senderName);
  const subject = oneLine(input.subject);
  if (input.language === 'de') {
    const body = {
      attached: 'Der Brief liegt dieser E-Mail als PDF bei.',
      'too-big': `Die Dokumente sind zusammen größer als ${input.shape.kind === 'too-big' ? input.shape.limitMegabytes : 10} MB und liegen deshalb nicht bei. Sie finden sie in Kuvert.`,
      signature:
        'Dieser Brief wartet auf Ihre Unterschrift. Dokumente, die unterschrieben werden sollen, werden nicht weitergeleitet: Öffnen und unterschreiben Sie sie in Kuvert.',
    }[input.shape.kind];
    return {
      subject:
        input.shape.kind === 'signature'
          ? `Wartet auf Ihre Unterschrift: ${subject} (${sender})`
          : `Brief von ${sender}: ${subject}`,
      text: [
        input.firstName ? `Hallo ${input.firstName},` : 'Hallo,',
        '',
        `am ${input.arrivedOn} ist in Ihrem Kuvert-Briefkasten ein Brief von ${sender} eingegangen: „${subject}“.`,
        '',
        body,
        '',
        `Brief in Kuvert öffnen: ${input.link}`,
        '',
        'Sie erhalten diese E-Mail, weil Sie in Ihrem Kuvert-Profil die Weiterleitung eingeschaltet haben. Dort können Sie sie auch wieder abschalten.',
      ],
    };
  }
  const body = {
    attached: 'The letter is attached to this e-mail as a PDF.',
    'too-big': `Its documents are larger than ${input.shape.kind === 'too-big' ? input.shape.limitMegabytes : 10} MB together, so they are not attached. You find them in Kuvert.`,
    signature:
      'This letter awaits your signature. Documents to be signed are not forwarded: open and sign them in Kuvert.',
  }[input.shape.kind];
  return {
    subject:
      input.shape.kind === 'signature'
        ? `Awaits your signature: ${subject} (${sender})`
        : `Letter from ${sender}: ${subject}`,
    text: [
      input.firstName ? `Hello ${input.firstName},` : 'Hello,',
      '',
      `On ${input.arrivedOn} a letter from ${sender} arrived in your Kuvert mailbox: "${subject}".`,
      '',
      body,
      '',
      `Open the letter in Kuvert: ${input.link}`,
      '',
      'You receive this e-mail because you turned on forwarding in your Kuvert profile. You can turn it off there.',
    ],
  };
}

export function forwardedLetterMail(input: ForwardedLetterMailInput): MailMessage {
  const { subject, text } = lines(input);
  return {
    to: input.to,
    subject,
    text: text.join('\n'),
    ...(input.shape.kind === 'attached' ? { attachments: input.shape.attachments } : {}),
  };
}
