import type { MailMessage } from '../../plugins/mailer.ts';

interface NewLetterMailInput {
  to: string;
  language: string;
  firstName: string;
  providerName: string;
  subject: string;
  link: string;
}

/**
 * The notice of a new letter names the sender and subject only: the content stays behind the
 * login, as a mail can be read by anyone with access to the inbox it lands in.
 */
export function newLetterMail(input: NewLetterMailInput): MailMessage {
  if (input.language === 'de') {
    return {
      to: input.to,
      subject: `Neuer Brief von ${input.providerName}`,
      text: [
        input.firstName ? `Hallo ${input.firstName},` : 'Hallo,',
        '',
        `in Ihrem Kuvert-Briefkasten ist ein neuer Brief von ${input.providerName} eingegangen: „${input.subject}“.`,
        '',
        `Brief öffnen: ${input.link}`,
        '',
        'Diese Benachrichtigung können Sie in Ihrem Profil abschalten.',
      ].join('\n'),
    };
  }
  return {
    to: input.to,
    subject: `New letter from ${input.providerName}`,
    text: [
      input.firstName ? `Hello ${input.firstName},` : 'Hello,',
      '',
      `A new letter from ${input.providerName} has arrived in your Kuvert mailbox: "${input.subject}".`,
      '',
      `Open the letter: ${input.link}`,
      '',
      'You can turn these notices off in your profile.',
    ].join('\n'),
  };
}
