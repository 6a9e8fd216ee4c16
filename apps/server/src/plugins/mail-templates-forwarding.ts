import type { Language } from '@kuvert/shared/auth';
import type { MailAttachment, MailMessage } from './mailer.ts';
import { greetingOf } from './mail-templates.ts';

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

interface ForwardWords {
  sender: string;
  subject: string;
  arrivedOn: string;
  link: string;
  /** The attachment limit, for the too-big shape. */
  limit: number;
}

interface ForwardTexts {
  letterSubject: string;
  signatureSubject: string;
  arrived: string;
  body: Record<ForwardedLetterShape['kind'], string>;
  open: string;
  why: string;
}

const forwarded: Record<Language, (w: ForwardWords) => ForwardTexts> = {
  en: (w) => ({
    letterSubject: `Letter from ${w.sender}: ${w.subject}`,
    signatureSubject: `Awaits your signature: ${w.subject} (${w.sender})`,
    arrived: `On ${w.arrivedOn} a letter from ${w.sender} arrived in your Kuvert mailbox: "${w.subject}".`,
    body: {
      attached: 'The letter is attached to this e-mail as a PDF.',
      'too-big': `Its documents are larger than ${w.limit} MB together, so they are not attached. You find them in Kuvert.`,
      signature:
        'This letter awaits your signature. Documents to be signed are not forwarded: open and sign them in Kuvert.',
    },
    open: `Open the letter in Kuvert: ${w.link}`,
    why: 'You receive this e-mail because you turned on forwarding in your Kuvert profile. You can turn it off there.',
  }),
  de: (w) => ({
    letterSubject: `Brief von ${w.sender}: ${w.subject}`,
    signatureSubject: `Wartet auf Ihre Unterschrift: ${w.subject} (${w.sender})`,
    arrived: `am ${w.arrivedOn} ist in Ihrem Kuvert-Briefkasten ein Brief von ${w.sender} eingegangen: „${w.subject}“.`,
    body: {
      attached: 'Der Brief liegt dieser E-Mail als PDF bei.',
      'too-big': `Die Dokumente sind zusammen größer als ${w.limit} MB und liegen deshalb nicht bei. Sie finden sie in Kuvert.`,
      signature:
        'Dieser Brief wartet auf Ihre Unterschrift. Dokumente, die unterschrieben werden sollen, werden nicht weitergeleitet: Öffnen und unterschreiben Sie sie in Kuvert.',
    },
    open: `Brief in Kuvert öffnen: ${w.link}`,
    why: 'Sie erhalten diese E-Mail, weil Sie in Ihrem Kuvert-Profil die Weiterleitung eingeschaltet haben. Dort können Sie sie auch wieder abschalten.',
  }),
  sv: (w) => ({
    letterSubject: `Brev från ${w.sender}: ${w.subject}`,
    signatureSubject: `Väntar på din underskrift: ${w.subject} (${w.sender})`,
    arrived: `Den ${w.arrivedOn} kom ett brev från ${w.sender} till din brevlåda i Kuvert: ”${w.subject}”.`,
    body: {
      attached: 'Brevet bifogas i det här mejlet som PDF.',
      'too-big': `Dokumenten är tillsammans större än ${w.limit} MB och bifogas därför inte. Du hittar dem i Kuvert.`,
      signature:
        'Det här brevet väntar på din underskrift. Dokument som ska signeras vidarebefordras inte: öppna och signera dem i Kuvert.',
    },
    open: `Öppna brevet i Kuvert: ${w.link}`,
    why: 'Du får det här mejlet eftersom du har slagit på vidarebefordran i din profil i Kuvert. Där kan du också stänga av den.',
  }),
  da: (w) => ({
    letterSubject: `Brev fra ${w.sender}: ${w.subject}`,
    signatureSubject: `Venter på din underskrift: ${w.subject} (${w.sender})`,
    arrived: `Den ${w.arrivedOn} modtog du et brev fra ${w.sender} i din postkasse i Kuvert: »${w.subject}«.`,
    body: {
      attached: 'Brevet er vedhæftet denne e-mail som PDF.',
      'too-big': `Dokumenterne fylder tilsammen mere end ${w.limit} MB og er derfor ikke vedhæftet. Du finder dem i Kuvert.`,
      signature:
        'Dette brev venter på din underskrift. Dokumenter, der skal underskrives, videresendes ikke: Åbn og underskriv dem i Kuvert.',
    },
    open: `Åbn brevet i Kuvert: ${w.link}`,
    why: 'Du modtager denne e-mail, fordi du har slået videresendelse til i din profil i Kuvert. Der kan du også slå den fra.',
  }),
  nb: (w) => ({
    letterSubject: `Brev fra ${w.sender}: ${w.subject}`,
    signatureSubject: `Venter på signaturen din: ${w.subject} (${w.sender})`,
    arrived: `Den ${w.arrivedOn} kom det et brev fra ${w.sender} i postkassen din i Kuvert: «${w.subject}».`,
    body: {
      attached: 'Brevet ligger ved denne e-posten som PDF.',
      'too-big': `Dokumentene er til sammen større enn ${w.limit} MB og ligger derfor ikke ved. Du finner dem i Kuvert.`,
      signature:
        'Dette brevet venter på signaturen din. Dokumenter som skal signeres, videresendes ikke: Åpne og signer dem i Kuvert.',
    },
    open: `Åpne brevet i Kuvert: ${w.link}`,
    why: 'Du får denne e-posten fordi du har slått på videresending i profilen din i Kuvert. Der kan du også slå den av.',
  }),
};

function lines(input: ForwardedLetterMailInput): { subject: string; text: string[] } {
  const t = forwarded[input.language]({
    sender: oneLine(input.senderName),
    subject: oneLine(input.subject),
    arrivedOn: input.arrivedOn,
    link: input.link,
    limit: input.shape.kind === 'too-big' ? input.shape.limitMegabytes : 10,
  });
  return {
    subject: input.shape.kind === 'signature' ? t.signatureSubject : t.letterSubject,
    text: [
      greetingOf(input.language, input.firstName),
      '',
      t.arrived,
      '',
      t.body[input.shape.kind],
      '',
      t.open,
      '',
      t.why,
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
