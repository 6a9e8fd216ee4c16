import type { ProviderCategory } from '@kuvert/shared/providers';
import { makeCreditorReference } from '../../lib/epc-qr.ts';
import type { LetterTable } from '../../lib/letter-pdf.ts';
import {
  addDays,
  addMonths,
  atTime,
  businessDayOnOrBefore,
  compareDays,
  dayInDemoZone,
  firstDay,
  formatDay,
  formatEuros,
  formatMonth,
  formatShortDay,
  isInMonth,
  isoDay,
  lastDay,
  latestMonthly,
  monthName,
  monthOf,
  type CalendarDay,
  type CalendarMonth,
  type DemoLanguage,
} from './demo-calendar.ts';
import type { DemoForm } from './demo-forms.ts';

/**
 * The demo mailbox: what a household typically finds in its letterbox over two months. It is
 * written for the day the demo is set up: every month, year, period, statement number and
 * reference follows the day its letter arrives, so the mailbox reads right on any day.
 */

export interface DemoProvider {
  name: string;
  category: ProviderCategory;
  addressLines: string[];
  footer: string;
  language: DemoLanguage;
}

export interface DemoLetter {
  provider: string;
  /** A morning before today; the PDF is dated the same day. */
  deliveredAt: Date;
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
    /** YYYY-MM-DD. */
    dueDate: string;
    iban: string;
    reference: string;
    /** Paid by direct debit, so the user marked it paid elsewhere on that day (YYYY-MM-DD). */
    paidOn?: string;
  };
  /** YYYY-MM-DD. */
  signatureDueDate?: string;
  /** One of the provider's demo forms the letter asks the reader to fill out. */
  form?: DemoForm['key'];
  /** How the demo's case files name the letter (demo-case-files.ts). */
  key?: DemoLetterKey;
  filename: string;
}

export type DemoLetterKey = 'meterReading' | 'taxAssessment';

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

/** Monthly letters come on the same day every month, or the business day before. */
const STATEMENT_DAY = 4;
const MOBILE_BILL_DAY = 5;
const PAYSLIP_DAY = 20;
/** Direct debits (the electricity instalment, the paid mobile bill) are taken on the 15th. */
const DIRECT_DEBIT_DAY = 15;
/** The tax refund reaches the account this many days after the assessment. */
const TAX_REFUND_AFTER_DAYS = 3;
export const METER_NUMBER = '1ESY1160512345';

/** The time of day each kind of letter arrives, in the demo's time zone. */
const ARRIVAL_TIMES = {
  statement: [6, 15],
  mobileBill: [7, 30],
  meterReading: [8, 40],
  prepayment: [8, 55],
  annualStatement: [9, 5],
  taxAssessment: [9, 50],
  insuranceCard: [10, 5],
  travelInsurance: [10, 30],
  payslip: [11, 20],
  contractChange: [14, 10],
} as const;
type LetterKind = keyof typeof ARRIVAL_TIMES;

/**
 * Older than this, a letter mails no "new letter" notice: the demo's backdated history is no
 * news, and the demo address cannot receive mail anyway.
 */
const NOTICE_FREE_AGE_MS = 25 * 3600 * 1000;

function arrival(day: CalendarDay, kind: LetterKind): Date {
  const [hour, minute] = ARRIVAL_TIMES[kind];
  return atTime(day, hour, minute);
}

/** The days the letters refer to one another by. */
interface DemoDays {
  /** The end of the electricity billing year, when the meter is read. */
  meterReading: CalendarDay;
  mobileDebit: CalendarDay;
  taxRefund: CalendarDay;
}

/** The net salary of a month: the November one carries the Christmas bonus. */
function netSalary(month: CalendarMonth): number {
  return month.month === 11 ? 438_459 : 321_000;
}

/**
 * The electricity billing year ends with a month and is billed ten days to six weeks later;
 * it is the calendar year when the statement comes between mid-January and early February.
 */
function billingYearEnd(statementDay: CalendarDay): CalendarDay {
  const previous = lastDay(addMonths(monthOf(statementDay), -1));
  return compareDays(addDays(previous, 10), statementDay) <= 0
    ? previous
    : lastDay(addMonths(monthOf(statementDay), -2));
}

function meterReadingNotice(day: CalendarDay, days: DemoDays): DemoLetter {
  const reading = formatDay(days.meterReading, 'de');
  const deadline = formatDay(addDays(days.meterReading, 7), 'de');
  return {
    provider: 'Stadtwerke Müllheim',
    deliveredAt: arrival(day, 'meterReading'),
    isRead: true,
    subject: `Ablesung Ihres Stromzählers zum ${reading}`,
    form: 'meterReading',
    key: 'meterReading',
    body: `Am ${reading} endet Ihr Abrechnungsjahr für Strom. Bitte teilen Sie uns Ihren Zählerstand bis zum ${deadline} mit.`,
    paragraphs: [
      greetingDe,
      `am ${reading} endet Ihr Abrechnungsjahr für Strom an der Lieferstelle Bergstraße 7. Bitte lesen Sie an diesem Tag Ihren Zähler (Zählernummer ${METER_NUMBER}) ab und teilen Sie uns den Stand bis zum ${deadline} mit, am einfachsten mit unserem Formular „Zählerstand melden“ in Kuvert.`,
      'Bis zur Jahresabrechnung ziehen wir Ihren monatlichen Abschlag von 68,00 € unverändert jeweils zum 15. per Lastschrift ein.',
    ],
    closing: ['Mit freundlichen Grüßen\nIhre Stadtwerke Müllheim'],
    filename: 'Ablesung-Stromzaehler.pdf',
  };
}

function insuranceCard(day: CalendarDay): DemoLetter {
  return {
    provider: 'Techniker Versicherung',
    deliveredAt: arrival(day, 'insuranceCard'),
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
  };
}

/** The bill for the month before the one it arrives in. */
function mobileBill(
  day: CalendarDay,
  options: { isRead: boolean; withRoaming: boolean; dueDate: CalendarDay; paidOn?: CalendarDay },
): DemoLetter {
  const month = addMonths(monthOf(day), -1);
  const monthText = formatMonth(month, 'en');
  const shortMonth = monthName(month.month, 'en').slice(0, 3);
  const reference = `MP-${String(month.year)}-${String(month.month).padStart(2, '0')}-0123`;
  const items = [
    {
      item: 'Mobile L monthly fee',
      period: `1–${String(lastDay(month).day)} ${shortMonth}`,
      cents: 3499,
    },
  ];
  if (options.withRoaming) {
    items.push({
      item: 'Roaming data pass Switzerland',
      period: formatShortDay({ ...month, day: 14 }),
      cents: 500,
    });
  }
  const amount = items.reduce((sum, item) => sum + item.cents, 0);
  const total = formatEuros(amount, 'en');
  return {
    provider: 'Mobilfunk Plus',
    deliveredAt: arrival(day, 'mobileBill'),
    isRead: options.isRead,
    subject: `Your mobile bill for ${monthText}`,
    body: options.paidOn
      ? `Your bill for ${monthText} is ready: ${total}. It will be paid by direct debit.`
      : `Your bill for ${monthText} is ready: ${total}.`,
    paragraphs: [
      greetingEn,
      options.withRoaming
        ? `here is your bill for ${monthText} for the contract Mobile L (number 0171 5550123). Your data pass for Switzerland is listed separately.`
        : `here is your bill for ${monthText} for the contract Mobile L (number 0171 5550123).`,
      options.paidOn
        ? 'We will collect the amount from your account ending 4711 by direct debit.'
        : `Please transfer the amount to the account below, quoting the reference ${reference}.`,
    ],
    table: {
      headers: ['Item', 'Period', 'Amount'],
      rows: items.map((item) => [item.item, item.period, formatEuros(item.cents, 'en')]),
      total,
    },
    closing: ['Kind regards\nYour Mobilfunk Plus team'],
    invoice: {
      amount,
      currency: 'EUR',
      dueDate: isoDay(options.dueDate),
      iban: 'DE02120300000000202051',
      reference,
      ...(options.paidOn ? { paidOn: isoDay(options.paidOn) } : {}),
    },
    filename: `Mobile-bill-${monthName(month.month, 'en')}-${String(month.year)}.pdf`,
  };
}

/** The statement for the month before the one it arrives in. */
function accountStatement(
  day: CalendarDay,
  days: DemoDays,
  options: { isRead: boolean; balance: number },
): DemoLetter {
  const period = addMonths(monthOf(day), -1);
  const bookings: Array<{ text: string; day: CalendarDay; amount: number }> = [
    { text: 'Rent Bergstraße 7', day: firstDay(period), amount: -115_000 },
    {
      text: 'Stadtwerke Müllheim instalment',
      day: { ...period, day: DIRECT_DEBIT_DAY },
      amount: -6_800,
    },
    { text: 'Salary Brightwave Software', day: { ...period, day: 28 }, amount: netSalary(period) },
  ];
  if (isInMonth(days.mobileDebit, period)) {
    bookings.push({ text: 'Mobilfunk Plus direct debit', day: days.mobileDebit, amount: -3_999 });
  }
  const refunded = isInMonth(days.taxRefund, period);
  if (refunded) {
    bookings.push({ text: 'Tax refund Finanzamt Freiburg', day: days.taxRefund, amount: 68_352 });
  }
  bookings.sort((a, b) => compareDays(a.day, b.day));
  const number = `${String(period.month)}/${String(period.year)}`;
  const periodText = formatMonth(period, 'en');
  return {
    provider: 'Nordbank',
    deliveredAt: arrival(day, 'statement'),
    isRead: options.isRead,
    subject: `Account statement no. ${number}`,
    body: `Your statement for ${periodText} for the current account ending 4711 is available.`,
    paragraphs: [
      greetingEn,
      `please find your account statement no. ${number} for the current account ending 4711. Balance on ${formatDay(lastDay(period), 'en')}: ${formatEuros(options.balance, 'en')}.${refunded ? ' The tax refund from Finanzamt Freiburg has been credited.' : ''}`,
    ],
    table: {
      headers: ['Booking', 'Date', 'Amount'],
      rows: bookings.map((booking) => [
        booking.text,
        formatShortDay(booking.day),
        formatEuros(booking.amount, 'en'),
      ]),
    },
    closing: ['Kind regards\nNordbank'],
    filename: `Statement-${String(period.year)}-${String(period.month).padStart(2, '0')}.pdf`,
  };
}

/** The payslip for the month it arrives in; the November one pays the Christmas bonus. */
function payslip(day: CalendarDay, isRead: boolean): DemoLetter {
  const month = monthOf(day);
  const monthText = formatMonth(month, 'de');
  const withBonus = month.month === 11;
  const rows: Array<[string, number]> = withBonus
    ? [
        ['Grundgehalt', 480_000],
        ['Weihnachtsgeld', 240_000],
        ['Lohnsteuer', -164_890],
        ['Sozialversicherung', -116_651],
      ]
    : [
        ['Grundgehalt', 480_000],
        ['Lohnsteuer', -81_233],
        ['Sozialversicherung', -77_767],
      ];
  return {
    provider: 'Brightwave Software GmbH',
    deliveredAt: arrival(day, 'payslip'),
    isRead,
    subject: `Gehaltsabrechnung ${monthText}`,
    body: withBonus
      ? `Ihre Gehaltsabrechnung für ${monthText} mit Weihnachtsgeld liegt bei.`
      : `Ihre Gehaltsabrechnung für ${monthText} liegt bei.`,
    paragraphs: [
      'Hallo Alex,',
      `anbei Ihre Entgeltabrechnung für ${monthText}${withBonus ? ', diesmal mit Weihnachtsgeld' : ''}. Die Auszahlung erfolgt zum 28. auf Ihr Konto bei der Nordbank.`,
    ],
    table: {
      headers: ['Position', 'Betrag'],
      rows: rows.map(([item, cents]) => [item, formatEuros(cents, 'de')]),
      total: formatEuros(netSalary(month), 'de'),
    },
    closing: [`${month.month === 12 ? 'Frohe Feiertage!' : 'Viele Grüße'}\nIhre Personalabteilung`],
    filename: `Gehaltsabrechnung-${String(month.year)}-${String(month.month).padStart(2, '0')}.pdf`,
  };
}

/** Assessments for a year come from spring of the next one; before that, the year before. */
function taxAssessment(day: CalendarDay): DemoLetter {
  const year = String(day.month >= 4 ? day.year - 1 : day.year - 2);
  return {
    provider: 'Finanzamt Freiburg',
    deliveredAt: arrival(day, 'taxAssessment'),
    isRead: true,
    subject: `Bescheid für ${year} über Einkommensteuer`,
    key: 'taxAssessment',
    body: `Ihr Einkommensteuerbescheid für ${year} ist ergangen. Es ergibt sich eine Erstattung.`,
    paragraphs: [
      greetingDe,
      `für das Kalenderjahr ${year} wird die Einkommensteuer auf 9.214,00 € festgesetzt. Nach Anrechnung der Lohnsteuer ergibt sich eine Erstattung von 683,52 €, die auf Ihr Konto überwiesen wird.`,
      'Steuernummer 06/123/45678 · Identifikationsnummer 12 345 678 901.',
      'Rechtsbehelfsbelehrung: Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Einspruch eingelegt werden.',
    ],
    closing: ['Mit freundlichen Grüßen\nIhr Finanzamt Freiburg'],
    filename: `Steuerbescheid-${year}.pdf`,
  };
}

/** The travel insurance renews on the first of the next month, for a year. */
function travelInsuranceInvoice(day: CalendarDay, dueDate: CalendarDay): DemoLetter {
  const renewal = firstDay(addMonths(monthOf(day), 1));
  const end = addDays(firstDay(addMonths(monthOf(renewal), 12)), -1);
  const reference = makeCreditorReference(`TV${String(renewal.year)}AR48213`);
  const spacedReference = reference.replace(/(.{4})(?=.)/g, '$1 ');
  return {
    provider: 'Techniker Versicherung',
    deliveredAt: arrival(day, 'travelInsurance'),
    isRead: true,
    subject: 'Beitragsrechnung Auslandsreise-Krankenversicherung',
    body: `Ihre Auslandsreise-Krankenversicherung verlängert sich zum ${formatDay(renewal, 'de')}. Der Jahresbeitrag beträgt 18,90 €; bitte überweisen Sie ihn innerhalb von zwei Wochen.`,
    paragraphs: [
      greetingDe,
      `Ihre Auslandsreise-Krankenversicherung verlängert sich zum ${formatDay(renewal, 'de')} um ein weiteres Jahr. Bitte überweisen Sie den Jahresbeitrag innerhalb von zwei Wochen unter Angabe der Referenz ${spacedReference}, damit wir Ihre Zahlung zuordnen können.`,
    ],
    table: {
      headers: ['Leistung', 'Zeitraum', 'Betrag'],
      rows: [
        [
          'Auslandsreise-Krankenversicherung Single',
          `${formatDay(renewal, 'de')}–${formatDay(end, 'de')}`,
          '18,90 €',
        ],
      ],
      total: '18,90 €',
    },
    closing: ['Mit freundlichen Grüßen\nIhre Techniker Versicherung'],
    invoice: {
      amount: 1890,
      currency: 'EUR',
      dueDate: isoDay(dueDate),
      iban: 'DE97200400600123456789',
      reference,
    },
    filename: `Beitragsrechnung-Reiseversicherung-${String(renewal.year)}.pdf`,
  };
}

/** Signed within three weeks, the new tariff starts on the first of the month after. */
function contractChange(day: CalendarDay): DemoLetter {
  const signBy = addDays(day, 21);
  const start = firstDay(addMonths(monthOf(signBy), 1));
  return {
    provider: 'Techniker Versicherung',
    deliveredAt: arrival(day, 'contractChange'),
    isRead: false,
    subject: 'Änderung Ihres Versicherungsvertrags – bitte unterschreiben',
    body: 'Wir haben Ihren Tarifwechsel vorbereitet. Bitte bestätigen Sie ihn mit Ihrer Unterschrift.',
    paragraphs: [
      greetingDe,
      `wie besprochen wechseln Sie zum ${formatDay(start, 'de')} in den Tarif Komfort Plus mit Zahnzusatzschutz. Der Beitrag beträgt dann 24,90 € im Monat.`,
      `Bitte unterschreiben Sie die Vertragsänderung bis zum ${formatDay(signBy, 'de')}.`,
    ],
    closing: ['Mit freundlichen Grüßen\nIhre Techniker Versicherung'],
    signatureDueDate: isoDay(signBy),
    filename: 'Vertragsaenderung.pdf',
  };
}

function annualElectricityStatement(
  day: CalendarDay,
  days: DemoDays,
  dueDate: CalendarDay,
): DemoLetter {
  const end = days.meterReading;
  const periodStart = firstDay(addMonths(monthOf(end), -11));
  const period = `${formatDay(periodStart, 'de')} bis ${formatDay(end, 'de')}`;
  const isCalendarYear = end.month === 12;
  const reference = `SWM-${String(end.year)}-88123`;
  return {
    provider: 'Stadtwerke Müllheim',
    deliveredAt: arrival(day, 'annualStatement'),
    isRead: false,
    subject: isCalendarYear
      ? `Jahresabrechnung ${String(end.year)} für Strom`
      : `Jahresabrechnung für Strom, ${formatMonth(monthOf(periodStart), 'de')} bis ${formatMonth(monthOf(end), 'de')}`,
    body: 'Ihre Jahresabrechnung für Strom liegt bei. Es ergibt sich eine Nachzahlung von 142,68 €.',
    paragraphs: [
      greetingDe,
      `anbei Ihre Jahresabrechnung für Strom an der Lieferstelle Bergstraße 7, Zählernummer ${METER_NUMBER}, für den Zeitraum vom ${period}. Grundlage ist Ihr Zählerstand zum ${formatDay(end, 'de')}.`,
    ],
    table: {
      headers: ['Leistung', 'Menge', 'Betrag'],
      rows: [
        ['Arbeitspreis Strom', '2.861 kWh', '901,22 €'],
        ['Grundpreis', '12 Monate', '157,46 €'],
        ['Abschläge bezahlt', '12 × 68 €', '-816,00 €'],
        ['Treuebonus', '', '-100,00 €'],
      ],
      total: '142,68 €',
    },
    closing: [
      `Bitte überweisen Sie den Betrag innerhalb von zwei Wochen unter Angabe der Rechnungsnummer ${reference}.`,
      'Mit freundlichen Grüßen\nIhre Stadtwerke Müllheim',
    ],
    invoice: {
      amount: 14268,
      currency: 'EUR',
      dueDate: isoDay(dueDate),
      iban: 'DE89370400440532013000',
      reference,
    },
    filename: isCalendarYear
      ? `Jahresabrechnung-Strom-${String(end.year)}.pdf`
      : `Jahresabrechnung-Strom-${String(periodStart.year)}-${String(end.year)}.pdf`,
  };
}

/** Quarterly prepayments fall on 10 March, June, September and December. */
function prepaymentDates(from: CalendarDay): CalendarDay[] {
  const dates: CalendarDay[] = [];
  for (let month = monthOf(from); dates.length < 4; month = addMonths(month, 1)) {
    const date = { ...month, day: 10 };
    if (month.month % 3 === 0 && compareDays(date, from) >= 0) dates.push(date);
  }
  return dates;
}

/** A notice that fits any month: prepayments start at the first due date a month ahead. */
function prepaymentNotice(day: CalendarDay): DemoLetter {
  const dates = prepaymentDates(addDays(day, 30));
  const first = formatDay(dates[0] ?? day, 'de');
  return {
    provider: 'Finanzamt Freiburg',
    deliveredAt: arrival(day, 'prepayment'),
    isRead: false,
    subject: 'Bescheid über Vorauszahlungen zur Einkommensteuer',
    body: `Ab dem ${first} sind vierteljährlich Vorauszahlungen von 150,00 € zu leisten.`,
    paragraphs: [
      greetingDe,
      `aufgrund Ihrer Angaben zu Ihrer freiberuflichen Nebentätigkeit werden die Vorauszahlungen zur Einkommensteuer ab dem ${first} auf vierteljährlich 150,00 € festgesetzt. Bitte überweisen Sie die Beträge zu den unten genannten Terminen oder erteilen Sie uns ein SEPA-Lastschriftmandat.`,
      'Steuernummer 06/123/45678 · Identifikationsnummer 12 345 678 901.',
      'Rechtsbehelfsbelehrung: Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Einspruch eingelegt werden.',
    ],
    table: {
      headers: ['Fälligkeit', 'Betrag'],
      rows: dates.map((date) => [formatDay(date, 'de'), '150,00 €']),
    },
    closing: ['Mit freundlichen Grüßen\nIhr Finanzamt Freiburg'],
    filename: 'Vorauszahlungsbescheid.pdf',
  };
}

/**
 * The demo letters as they read when the demo is set up at `now`, oldest first: thirteen
 * letters over the last two months, four of them invoices (paid by direct debit, overdue,
 * open and due in a few days, open) and one asking for a signature.
 */
export function buildDemoLetters(now: Date): DemoLetter[] {
  // Letters arrive on business days before today in Germany; invoices fall due on German days
  // too, the calendar Kuvert counts in by default (TIME_ZONE, invoices/invoice-status.ts).
  const today = dayInDemoZone(now);
  const invoiceToday = today;
  const latest = now.getTime() - NOTICE_FREE_AGE_MS;
  /** `day`, or the business day before it that is old enough. */
  const settle = (day: CalendarDay, kind: LetterKind) => {
    let settled = businessDayOnOrBefore(day);
    while (arrival(settled, kind).getTime() > latest) {
      settled = businessDayOnOrBefore(addDays(settled, -1));
    }
    return settled;
  };
  const daysAgo = (days: number, kind: LetterKind) => settle(addDays(today, -days), kind);
  /** A monthly letter stays in its month: when it would not, it is last month's that came last. */
  const monthly = (dayOfMonth: number, kind: LetterKind, monthsBack = 0) => {
    const latestNominal = latestMonthly(today, dayOfMonth);
    const skip = isInMonth(settle(latestNominal, kind), monthOf(latestNominal)) ? 0 : 1;
    return settle(latestMonthly(today, dayOfMonth, skip + monthsBack), kind);
  };
  const annualStatementDay = daysAgo(3, 'annualStatement');
  const taxAssessmentDay = daysAgo(24, 'taxAssessment');
  const firstMobileBillDay = monthly(MOBILE_BILL_DAY, 'mobileBill', 1);
  const days: DemoDays = {
    meterReading: billingYearEnd(annualStatementDay),
    mobileDebit: { ...monthOf(firstMobileBillDay), day: DIRECT_DEBIT_DAY },
    taxRefund: addDays(taxAssessmentDay, TAX_REFUND_AFTER_DAYS),
  };
  const letters = [
    meterReadingNotice(daysAgo(56, 'meterReading'), days),
    insuranceCard(daysAgo(49, 'insuranceCard')),
    mobileBill(firstMobileBillDay, {
      isRead: true,
      withRoaming: true,
      dueDate: days.mobileDebit,
      paidOn: days.mobileDebit,
    }),
    accountStatement(monthly(STATEMENT_DAY, 'statement', 1), days, {
      isRead: true,
      balance: 348_217,
    }),
    payslip(monthly(PAYSLIP_DAY, 'payslip', 1), true),
    taxAssessment(taxAssessmentDay),
    travelInsuranceInvoice(daysAgo(19, 'travelInsurance'), addDays(invoiceToday, -5)),
    accountStatement(monthly(STATEMENT_DAY, 'statement'), days, {
      isRead: false,
      balance: 390_561,
    }),
    contractChange(daysAgo(5, 'contractChange')),
    mobileBill(monthly(MOBILE_BILL_DAY, 'mobileBill'), {
      isRead: false,
      withRoaming: false,
      dueDate: addDays(invoiceToday, 3),
    }),
    annualElectricityStatement(annualStatementDay, days, addDays(invoiceToday, 11)),
    payslip(monthly(PAYSLIP_DAY, 'payslip'), false),
    prepaymentNotice(daysAgo(1, 'prepayment')),
  ];
  return letters.toSorted((a, b) => a.deliveredAt.getTime() - b.deliveredAt.getTime());
}
