import type { Language } from '@kuvert/shared/auth';
import { languageOf } from '../../lib/locale.ts';
import type { MailMessage } from '../../plugins/mailer.ts';
import { greetingOf } from '../../plugins/mail-templates.ts';

interface NewLetterMailInput {
  to: string;
  /** The member's language as stored; anything unknown reads as English. */
  language: string;
  firstName: string;
  providerName: string;
  subject: string;
  link: string;
}

interface NewLetterWords {
  provider: string;
  subject: string;
  link: string;
}

const newLetter: Record<Language, (w: NewLetterWords) => { subject: string; lines: string[] }> = {
  en: (w) => ({
    subject: `New letter from ${w.provider}`,
    lines: [
      `A new letter from ${w.provider} has arrived in your Kuvert mailbox: "${w.subject}".`,
      `Open the letter: ${w.link}`,
      'You can turn these notices off in your profile.',
    ],
  }),
  de: (w) => ({
    subject: `Neuer Brief von ${w.provider}`,
    lines: [
      `in Ihrem Kuvert-Briefkasten ist ein neuer Brief von ${w.provider} eingegangen: „${w.subject}“.`,
      `Brief öffnen: ${w.link}`,
      'Diese Benachrichtigung können Sie in Ihrem Profil abschalten.',
    ],
  }),
  sv: (w) => ({
    subject: `Nytt brev från ${w.provider}`,
    lines: [
      `Ett nytt brev från ${w.provider} har kommit till din brevlåda i Kuvert: ”${w.subject}”.`,
      `Öppna brevet: ${w.link}`,
      'Du kan stänga av de här aviseringarna i din profil.',
    ],
  }),
  da: (w) => ({
    subject: `Nyt brev fra ${w.provider}`,
    lines: [
      `Der er kommet et nyt brev fra ${w.provider} i din postkasse i Kuvert: »${w.subject}«.`,
      `Åbn brevet: ${w.link}`,
      'Du kan slå disse notifikationer fra i din profil.',
    ],
  }),
  nb: (w) => ({
    subject: `Nytt brev fra ${w.provider}`,
    lines: [
      `Et nytt brev fra ${w.provider} har kommet i postkassen din i Kuvert: «${w.subject}».`,
      `Åpne brevet: ${w.link}`,
      'Du kan slå av disse varslene i profilen din.',
    ],
  }),
};

/**
 * The notice of a new letter names the sender and subject only: the content stays behind the
 * login, as a mail can be read by anyone with access to the inbox it lands in.
 */
export function newLetterMail(input: NewLetterMailInput): MailMessage {
  const language = languageOf(input.language);
  const { subject, lines } = newLetter[language]({
    provider: input.providerName,
    subject: input.subject,
    link: input.link,
  });
  return {
    to: input.to,
    subject,
    text: [greetingOf(language, input.firstName), ...lines.flatMap((line) => ['', line])].join(
      '\n',
    ),
  };
}
