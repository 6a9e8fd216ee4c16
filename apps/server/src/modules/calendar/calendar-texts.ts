import type { Language } from '@kuvert/shared/auth';

/** What the feed and the .ics files say, in the person's language. */
export interface CalendarTexts {
  calendarName: string;
  invoiceSummary: (input: { provider: string; amount: string; overdue: boolean }) => string;
  invoiceDescription: (input: {
    provider: string;
    subject: string;
    amount: string;
    dueDate: string;
    link: string;
  }) => string;
  signatureSummary: (input: { provider: string }) => string;
  signatureDescription: (input: {
    provider: string;
    subject: string;
    dueDate: string;
    link: string;
  }) => string;
  fileName: (kind: 'invoice' | 'signature') => string;
}

export const calendarTexts: Record<Language, CalendarTexts> = {
  en: {
    calendarName: 'Kuvert due dates',
    invoiceSummary: ({ provider, amount, overdue }) =>
      `${overdue ? 'Overdue' : 'Pay'} ${amount} to ${provider}`,
    invoiceDescription: ({ provider, subject, amount, dueDate, link }) =>
      `Invoice from ${provider}: ${subject}\nAmount: ${amount}\nDue: ${dueDate}\n\nOpen it in Kuvert: ${link}`,
    signatureSummary: ({ provider }) => `Sign for ${provider}`,
    signatureDescription: ({ provider, subject, dueDate, link }) =>
      `${provider} asks for your signature: ${subject}\nLast day to sign: ${dueDate}\n\nOpen it in Kuvert: ${link}`,
    fileName: (kind) => (kind === 'invoice' ? 'invoice-due-date.ics' : 'signature-due-date.ics'),
  },
  de: {
    calendarName: 'Kuvert-Fristen',
    invoiceSummary: ({ provider, amount, overdue }) =>
      `${overdue ? 'Überfällig:' : 'Bezahlen:'} ${amount} an ${provider}`,
    invoiceDescription: ({ provider, subject, amount, dueDate, link }) =>
      `Rechnung von ${provider}: ${subject}\nBetrag: ${amount}\nFällig am: ${dueDate}\n\nIn Kuvert öffnen: ${link}`,
    signatureSummary: ({ provider }) => `Unterschreiben für ${provider}`,
    signatureDescription: ({ provider, subject, dueDate, link }) =>
      `${provider} bittet um Ihre Unterschrift: ${subject}\nLetzter Tag zum Unterschreiben: ${dueDate}\n\nIn Kuvert öffnen: ${link}`,
    fileName: (kind) => (kind === 'invoice' ? 'rechnung-frist.ics' : 'unterschrift-frist.ics'),
  },
  sv: {
    calendarName: 'Kuvert – förfallodagar',
    invoiceSummary: ({ provider, amount, overdue }) =>
      `${overdue ? 'Förfallen:' : 'Betala'} ${amount} till ${provider}`,
    invoiceDescription: ({ provider, subject, amount, dueDate, link }) =>
      `Faktura från ${provider}: ${subject}\nBelopp: ${amount}\nFörfallodag: ${dueDate}\n\nÖppna i Kuvert: ${link}`,
    signatureSummary: ({ provider }) => `Signera för ${provider}`,
    signatureDescription: ({ provider, subject, dueDate, link }) =>
      `${provider} ber om din underskrift: ${subject}\nSista dag att signera: ${dueDate}\n\nÖppna i Kuvert: ${link}`,
    fileName: (kind) =>
      kind === 'invoice' ? 'faktura-forfallodag.ics' : 'signering-sista-dag.ics',
  },
  da: {
    calendarName: 'Kuvert – frister',
    invoiceSummary: ({ provider, amount, overdue }) =>
      `${overdue ? 'Forfalden:' : 'Betal'} ${amount} til ${provider}`,
    invoiceDescription: ({ provider, subject, amount, dueDate, link }) =>
      `Regning fra ${provider}: ${subject}\nBeløb: ${amount}\nForfaldsdato: ${dueDate}\n\nÅbn i Kuvert: ${link}`,
    signatureSummary: ({ provider }) => `Underskriv for ${provider}`,
    signatureDescription: ({ provider, subject, dueDate, link }) =>
      `${provider} beder om din underskrift: ${subject}\nSidste dag for underskrift: ${dueDate}\n\nÅbn i Kuvert: ${link}`,
    fileName: (kind) => (kind === 'invoice' ? 'regning-forfaldsdato.ics' : 'underskrift-frist.ics'),
  },
  nb: {
    calendarName: 'Kuvert – frister',
    invoiceSummary: ({ provider, amount, overdue }) =>
      `${overdue ? 'Forfalt:' : 'Betal'} ${amount} til ${provider}`,
    invoiceDescription: ({ provider, subject, amount, dueDate, link }) =>
      `Faktura fra ${provider}: ${subject}\nBeløp: ${amount}\nForfallsdato: ${dueDate}\n\nÅpne i Kuvert: ${link}`,
    signatureSummary: ({ provider }) => `Signer for ${provider}`,
    signatureDescription: ({ provider, subject, dueDate, link }) =>
      `${provider} ber om signaturen din: ${subject}\nSiste dag for å signere: ${dueDate}\n\nÅpne i Kuvert: ${link}`,
    fileName: (kind) => (kind === 'invoice' ? 'faktura-forfallsdato.ics' : 'signering-frist.ics'),
  },
};
