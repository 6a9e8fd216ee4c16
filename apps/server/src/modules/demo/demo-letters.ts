import type { ProviderCategory } from '@kuvert/shared/providers';
import type { LetterTable } from '../../lib/letter-pdf.ts';

/** The demo mailbox: what a household typically finds in its letterbox over two months. */

export interface DemoProvider {
  name: string;
  category: ProviderCategory;
  addressLines: string[];
  footer: string;
  language: 'en' | 'de';
}

export interface DemoLetter {
  provider: string;
  daysAgo: number;
  isRead: boolean;
  subject: string;
  /** The message shown in the portal; the PDF holds the letter itself. */
  body: string;
  paragraphs: string[];
  table?: LetterTable;
  closing: string[];
  invoice?: {
    amount: number;
    currency: string;
    dueInDays: number;
    iban: string;
    reference: string;
    /** Paid by direct debit, so the user marked it paid elsewhere on that day. */
    paidDaysAgo?: number;
  };
  signatureDueInDays?: number;
  filename: string;
}

export const demoProviders: DemoProvider[] = [
  {
    name: 'Stadtwerke Müllheim',
    category: 'utility',
    addressLines: ['Bahnhofstraße 12', '79379 Müllheim'],
    footer:
      'Stadtwerke Müllheim GmbH · Amtsgericht Freiburg HRB 712345 · IBAN DE89 3704 0044 0532 0130 00',
    language: 'de',
  },
  {
    name: 'Nordbank',
    category: 'bank',
    addressLines: ['Am Sandtorkai 41', '20457 Hamburg'],
    footer: 'Nordbank AG · Registered office Hamburg · BIC NORDDEHHXXX',
    language: 'en',
  },
  {
    name: 'Finanzamt Freiburg',
    category: 'government',
    addressLines: ['Stefan-Meier-Straße 133', '79104 Freiburg im Breisgau'],
    footer: 'Finanzamt Freiburg-Stadt · Sprechzeiten Mo–Fr 8–12 Uhr',
    language: 'de',
  },
  {
    name: 'Techniker Versicherung',
    category: 'insurance',
    addressLines: ['Bramfelder Straße 140', '22305 Hamburg'],
    footer: 'Techniker Versicherung AG · Vorstand: Dr. M. Albers · Sitz Hamburg',
    language: 'de',
  },
  {
    name: 'Mobilfunk Plus',
    category: 'telecom',
    addressLines: ['Friedrichstraße 68', '10117 Berlin'],
    footer:
      'Mobilfunk Plus GmbH · Customer service 0800 123 4567 · IBAN DE02 1203 0000 0000 2020 51',
    language: 'en',
  },
  {
    name: 'Brightwave Software GmbH',
    category: 'employer',
    addressLines: ['Kaiser-Joseph-Straße 254', '79098 Freiburg'],
    footer: 'Brightwave Software GmbH · Personalabteilung · lohn@brightwave.example',
    language: 'de',
  },
];

const greetingDe = 'Sehr geehrter Herr Muster,';
const greetingEn = 'Dear Mr Muster,';

export const demoLetters: DemoLetter[] = [
  {
    provider: 'Stadtwerke Müllheim',
    daysAgo: 56,
    isRead: true,
    subject: 'Ihr Abschlagsplan für 2026',
    body: 'Ihr neuer Abschlagsplan für Strom liegt bei. Der monatliche Abschlag bleibt bei 68 €.',
    paragraphs: [
      greetingDe,
      'auf Grundlage Ihres Verbrauchs im vergangenen Jahr haben wir Ihren Abschlag für 2026 neu berechnet. Er bleibt unverändert bei 68,00 € im Monat und wird jeweils zum 15. per Lastschrift eingezogen.',
    ],
    closing: ['Mit freundlichen Grüßen\nIhre Stadtwerke Müllheim'],
    filename: 'Abschlagsplan-2026.pdf',
  },
  {
    provider: 'Techniker Versicherung',
    daysAgo: 49,
    isRead: true,
    subject: 'Ihre neue Versichertenkarte',
    body: 'Ihre neue Versichertenkarte ist unterwegs. Die alte Karte gilt noch bis Ende des Monats.',
    paragraphs: [
      greetingDe,
      'Ihre neue Versichertenkarte mit Foto ist in den nächsten Tagen in Ihrem Briefkasten. Bitte vernichten Sie die alte Karte nach Erhalt; sie gilt noch bis zum Monatsende.',
      'Ihre Versichertennummer lautet weiterhin T482913375.',
    ],
    closing: ['Mit freundlichen Grüßen\nIhre Techniker Versicherung'],
    filename: 'Versichertenkarte.pdf',
  },
  {
    provider: 'Mobilfunk Plus',
    daysAgo: 41,
    isRead: true,
    subject: 'Your mobile bill for November',
    body: 'Your bill for November is ready: 39.99 €. It will be paid by direct debit.',
    paragraphs: [
      greetingEn,
      'here is your bill for November for the contract Mobile L (number 0171 5550123). Roaming in Switzerland was charged at the EU rate.',
    ],
    table: {
      headers: ['Item', 'Period', 'Amount'],
      rows: [
        ['Mobile L monthly fee', '1–30 Nov', '34,99 €'],
        ['Roaming data pass Switzerland', '14 Nov', '5,00 €'],
      ],
      total: '39,99 €',
    },
    closing: ['Kind regards\nYour Mobilfunk Plus team'],
    invoice: {
      amount: 3999,
      currency: 'EUR',
      dueInDays: -27,
      iban: 'DE02120300000000202051',
      reference: 'MP-2025-11-0123',
      paidDaysAgo: 27,
    },
    filename: 'Mobile-bill-November.pdf',
  },
  {
    provider: 'Nordbank',
    daysAgo: 33,
    isRead: true,
    subject: 'Account statement no. 11',
    body: 'Your statement for the current account ending 4711 is available.',
    paragraphs: [
      greetingEn,
      'please find your account statement for the current account ending 4711. Balance at the end of the period: 3.482,17 €.',
    ],
    table: {
      headers: ['Booking', 'Date', 'Amount'],
      rows: [
        ['Salary Brightwave Software', '28 Oct', '3.210,00 €'],
        ['Rent Bergstraße 7', '01 Nov', '-1.150,00 €'],
        ['Stadtwerke Müllheim instalment', '15 Nov', '-68,00 €'],
      ],
    },
    closing: ['Kind regards\nNordbank'],
    filename: 'Statement-11.pdf',
  },
  {
    provider: 'Brightwave Software GmbH',
    daysAgo: 30,
    isRead: true,
    subject: 'Gehaltsabrechnung November',
    body: 'Ihre Gehaltsabrechnung für November liegt bei.',
    paragraphs: [
      'Hallo Alex,',
      'anbei Ihre Entgeltabrechnung für November. Die Auszahlung erfolgt zum 28. auf Ihr Konto bei der Nordbank.',
    ],
    table: {
      headers: ['Position', 'Betrag'],
      rows: [
        ['Grundgehalt', '4.800,00 €'],
        ['Lohnsteuer', '-812,33 €'],
        ['Sozialversicherung', '-777,67 €'],
      ],
      total: '3.210,00 €',
    },
    closing: ['Viele Grüße\nIhre Personalabteilung'],
    filename: 'Gehaltsabrechnung-November.pdf',
  },
  {
    provider: 'Finanzamt Freiburg',
    daysAgo: 24,
    isRead: true,
    subject: 'Bescheid für 2024 über Einkommensteuer',
    body: 'Ihr Einkommensteuerbescheid für 2024 ist ergangen. Es ergibt sich eine Erstattung.',
    paragraphs: [
      greetingDe,
      'für das Kalenderjahr 2024 wird die Einkommensteuer auf 9.214,00 € festgesetzt. Nach Anrechnung der Lohnsteuer ergibt sich eine Erstattung von 683,52 €, die auf Ihr Konto überwiesen wird.',
      'Steuernummer 06/123/45678 · Identifikationsnummer 12 345 678 901.',
      'Rechtsbehelfsbelehrung: Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Einspruch eingelegt werden.',
    ],
    closing: ['Mit freundlichen Grüßen\nIhr Finanzamt Freiburg'],
    filename: 'Steuerbescheid-2024.pdf',
  },
  {
    provider: 'Techniker Versicherung',
    daysAgo: 19,
    isRead: true,
    subject: 'Beitragsrechnung Auslandsreise-Krankenversicherung 2026',
    body: 'Der Jahresbeitrag für Ihre Auslandsreise-Krankenversicherung 2026 beträgt 18,90 €. Bitte überweisen Sie ihn innerhalb von zwei Wochen.',
    paragraphs: [
      greetingDe,
      'Ihre Auslandsreise-Krankenversicherung verlängert sich zum 1. Januar um ein weiteres Jahr. Bitte überweisen Sie den Jahresbeitrag innerhalb von zwei Wochen unter Angabe der Referenz RF40 TV20 26AR 4821 3, damit wir Ihre Zahlung zuordnen können.',
    ],
    table: {
      headers: ['Leistung', 'Zeitraum', 'Betrag'],
      rows: [['Auslandsreise-Krankenversicherung Single', '01.01.–31.12.2026', '18,90 €']],
      total: '18,90 €',
    },
    closing: ['Mit freundlichen Grüßen\nIhre Techniker Versicherung'],
    invoice: {
      amount: 1890,
      currency: 'EUR',
      dueInDays: -5,
      iban: 'DE97200400600123456789',
      reference: 'RF40TV2026AR48213',
    },
    filename: 'Beitragsrechnung-Reiseversicherung-2026.pdf',
  },
  {
    provider: 'Nordbank',
    daysAgo: 6,
    isRead: false,
    subject: 'Account statement no. 12',
    body: 'Your statement for the current account ending 4711 is available.',
    paragraphs: [
      greetingEn,
      'please find your account statement for the current account ending 4711. Balance at the end of the period: 3.905,61 €. The tax refund from Finanzamt Freiburg has been credited.',
    ],
    closing: ['Kind regards\nNordbank'],
    filename: 'Statement-12.pdf',
  },
  {
    provider: 'Techniker Versicherung',
    daysAgo: 5,
    isRead: false,
    subject: 'Änderung Ihres Versicherungsvertrags – bitte unterschreiben',
    body: 'Wir haben Ihren Tarifwechsel vorbereitet. Bitte bestätigen Sie ihn mit Ihrer Unterschrift.',
    paragraphs: [
      greetingDe,
      'wie besprochen wechseln Sie zum 1. des kommenden Monats in den Tarif Komfort Plus mit Zahnzusatzschutz. Der Beitrag beträgt dann 24,90 € im Monat.',
      'Bitte unterschreiben Sie die Vertragsänderung innerhalb von drei Wochen.',
    ],
    closing: ['Mit freundlichen Grüßen\nIhre Techniker Versicherung'],
    signatureDueInDays: 21,
    filename: 'Vertragsaenderung.pdf',
  },
  {
    provider: 'Mobilfunk Plus',
    daysAgo: 4,
    isRead: false,
    subject: 'Your mobile bill for December',
    body: 'Your bill for December is ready: 34.99 €.',
    paragraphs: [
      greetingEn,
      'here is your bill for December for the contract Mobile L (number 0171 5550123).',
    ],
    table: {
      headers: ['Item', 'Period', 'Amount'],
      rows: [['Mobile L monthly fee', '1–31 Dec', '34,99 €']],
      total: '34,99 €',
    },
    closing: ['Kind regards\nYour Mobilfunk Plus team'],
    invoice: {
      amount: 3499,
      currency: 'EUR',
      dueInDays: 3,
      iban: 'DE02120300000000202051',
      reference: 'MP-2025-12-0123',
    },
    filename: 'Mobile-bill-December.pdf',
  },
  {
    provider: 'Stadtwerke Müllheim',
    daysAgo: 3,
    isRead: false,
    subject: 'Jahresabrechnung 2025 für Strom',
    body: 'Ihre Jahresabrechnung für Strom liegt bei. Es ergibt sich eine Nachzahlung von 142,68 €.',
    paragraphs: [
      greetingDe,
      'anbei Ihre Jahresabrechnung für Strom an der Lieferstelle Bergstraße 7, Zählernummer 1ESY1160512345.',
    ],
    table: {
      headers: ['Leistung', 'Menge', 'Betrag'],
      rows: [
        ['Arbeitspreis Strom', '2.861 kWh', '901,22 €'],
        ['Grundpreis', '12 Monate', '157,46 €'],
        ['Abschläge bezahlt', '12 × 68 €', '-816,00 €'],
        ['Nachzahlung netto', '', '-100,00 €'],
      ],
      total: '142,68 €',
    },
    closing: [
      'Bitte überweisen Sie den Betrag innerhalb von zwei Wochen.',
      'Mit freundlichen Grüßen\nIhre Stadtwerke Müllheim',
    ],
    invoice: {
      amount: 14268,
      currency: 'EUR',
      dueInDays: 14,
      iban: 'DE89370400440532013000',
      reference: 'SWM-2025-88123',
    },
    filename: 'Jahresabrechnung-2025.pdf',
  },
  {
    provider: 'Brightwave Software GmbH',
    daysAgo: 2,
    isRead: false,
    subject: 'Gehaltsabrechnung Dezember',
    body: 'Ihre Gehaltsabrechnung für Dezember mit Weihnachtsgeld liegt bei.',
    paragraphs: [
      'Hallo Alex,',
      'anbei Ihre Entgeltabrechnung für Dezember, diesmal mit Weihnachtsgeld.',
    ],
    table: {
      headers: ['Position', 'Betrag'],
      rows: [
        ['Grundgehalt', '4.800,00 €'],
        ['Weihnachtsgeld', '2.400,00 €'],
        ['Lohnsteuer', '-1.648,90 €'],
        ['Sozialversicherung', '-1.166,51 €'],
      ],
      total: '4.384,59 €',
    },
    closing: ['Frohe Feiertage!\nIhre Personalabteilung'],
    filename: 'Gehaltsabrechnung-Dezember.pdf',
  },
  {
    provider: 'Finanzamt Freiburg',
    daysAgo: 1,
    isRead: false,
    subject: 'Erinnerung: Abgabe der Steuererklärung 2025',
    body: 'Die Frist für Ihre Steuererklärung 2025 endet am 31. Juli.',
    paragraphs: [
      greetingDe,
      'wir erinnern Sie an die Abgabe Ihrer Einkommensteuererklärung für 2025 bis zum 31. Juli. Über ELSTER können Sie die Erklärung elektronisch übermitteln.',
    ],
    closing: ['Mit freundlichen Grüßen\nIhr Finanzamt Freiburg'],
    filename: 'Erinnerung-Steuererklaerung.pdf',
  },
];
