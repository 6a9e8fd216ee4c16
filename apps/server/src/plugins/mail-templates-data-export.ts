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

const dataExportReady: Record<Language, (until: string) => MailText> = {
  en: (until) => ({
    subject: 'Your Kuvert data is ready to download',
    body: `The export of your data is ready. Log in and download it from your profile, under "Download my data", until ${until}. After that it is deleted.`,
    action: 'Go to the download',
    footer:
      'If you did not ask for an export, change your password and end your other sessions in your profile.',
  }),
  de: (until) => ({
    subject: 'Ihre Kuvert-Daten stehen zum Download bereit',
    body: `Der Export Ihrer Daten ist fertig. Melden Sie sich an und laden Sie ihn in Ihrem Profil unter „Meine Daten herunterladen“ herunter, bis zum ${until}. Danach wird er gelöscht.`,
    action: 'Zum Download',
    footer:
      'Haben Sie keinen Export angefordert, ändern Sie Ihr Passwort und beenden Sie Ihre anderen Sitzungen im Profil.',
  }),
  sv: (until) => ({
    subject: 'Dina uppgifter från Kuvert kan laddas ner',
    body: `Exporten av dina uppgifter är klar. Logga in och ladda ner den i din profil under ”Ladda ner mina uppgifter”, senast den ${until}. Därefter raderas den.`,
    action: 'Gå till nedladdningen',
    footer:
      'Om du inte har bett om någon export, byt lösenord och avsluta dina andra sessioner i profilen.',
  }),
  da: (until) => ({
    subject: 'Dine data fra Kuvert er klar til download',
    body: `Eksporten af dine data er klar. Log ind, og download den fra din profil under »Download mine data« senest den ${until}. Derefter bliver den slettet.`,
    action: 'Gå til download',
    footer:
      'Hvis du ikke har bedt om en eksport, så skift din adgangskode, og afslut dine andre sessioner i profilen.',
  }),
  nb: (until) => ({
    subject: 'Dataene dine fra Kuvert er klare til nedlasting',
    body: `Eksporten av dataene dine er klar. Logg inn og last den ned fra profilen din under «Last ned dataene mine», senest ${until}. Deretter blir den slettet.`,
    action: 'Gå til nedlastingen',
    footer:
      'Hvis du ikke har bedt om en eksport, bør du bytte passord og avslutte de andre øktene dine i profilen.',
  }),
};

/** Tells the person their export is ready; the link leads to the profile, not to the file. */
export function dataExportReadyMail(input: DataExportReadyInput): MailMessage {
  return renderText(dataExportReady[input.language](input.until), input);
}
