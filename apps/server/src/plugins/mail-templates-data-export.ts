import type { Language } from '@kuvert/shared/auth';
import type { MailMessage } from './mailer.ts';
import { renderText, type MailText } from './mail-templates.ts';

export interface DataExportReadyInput {
  to: string;
  language: Language;
  firstName: string;
  /** The profile page where the download waits (the download itself needs the login). */
  link: string;
  /** The last day of the download, written for the reader. */
  until: string;
}

function text(input: DataExportReadyInput): MailText {
  if (input.language === 'de') {
    return {
      subject: 'Ihre Kuvert-Daten stehen zum Download bereit',
      greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
      body: `Der Export Ihrer Daten ist fertig. Melden Sie sich an und laden Sie ihn in Ihrem Profil unter „Meine Daten herunterladen“ herunter, bis zum ${input.until}. Danach wird er gelöscht.`,
      action: 'Zum Download',
      footer:
        'Haben Sie keinen Export angefordert, ändern Sie Ihr Passwort und beenden Sie Ihre anderen Sitzungen im Profil.',
    };
  }
  return {
    subject: 'Your Kuvert data is ready to download',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: `The export of your data is ready. Log in and download it from your profile, under "Download my data", until ${input.until}. After that it is deleted.`,
    action: 'Go to the download',
    footer:
      'If you did not ask for an export, change your password and end your other sessions in your profile.',
  };
}

/** Tells the person their export is ready; the link leads to the profile, not to the file. */
export function dataExportReadyMail(input: DataExportReadyInput): MailMessage {
  return renderText(text(input), input);
}
