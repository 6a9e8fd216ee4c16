import { describe, expect, it } from 'vitest';
import type { Language } from '@kuvert/shared/auth';
import { languages } from '@kuvert/shared/constants';
import { formatDate, formatDay } from '../lib/locale.ts';
import { newLetterMail } from '../modules/letters/letter-mail.ts';
import { invoiceReminderMail } from '../modules/invoices/invoice-mail.ts';
import { formReceiptMail } from '../modules/form-submissions/form-receipt-mail.ts';
import type { MailMessage } from './mailer.ts';
import {
  emailVerificationMail,
  invitationMail,
  mailboxInvitationMail,
  onboardingMail,
  passwordResetMail,
} from './mail-templates.ts';
import {
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeRequestedMail,
  emailChangeTakenMail,
} from './mail-templates-email-change.ts';
import { deletionCodeMail, deletionScheduledMail } from './mail-templates-account-deletion.ts';
import { dataExportReadyMail } from './mail-templates-data-export.ts';
import { forwardedLetterMail } from './mail-templates-forwarding.ts';

/*
 * Every e-mail the server sends, rendered in every language: no line of a translation may be
 * the English line left in place, and each mail uses the words a reader of its language knows.
 */

type Other = Exclude<Language, 'en'>;

const to = 'anna@example.test';
const firstName = 'Anna';
const link = 'https://kuvert.example.test/l/abc';
const code = '482913';

/** Lines that are only a name, a link or a code read the same in every language. */
const neutralLines = new Set(['', 'Kuvert', code, link]);

interface Template {
  name: string;
  render: (language: Language) => MailMessage;
  /** A word of the language that the mail cannot do without, as a reader would look for it. */
  words: Record<Other, RegExp>;
}

const changeInput = (language: Language) => ({
  to,
  language,
  firstName,
  oldEmail: 'old@example.test',
  newEmail: 'new@example.test',
});

const forwardInput = (language: Language) => ({
  to,
  language,
  firstName,
  senderName: 'Stadtwerke Musterstadt',
  subject: 'Abschlag 2026',
  arrivedOn: formatDay(language, '2026-03-05'),
  link,
});

const letterWords = { de: /Brief/, sv: /brev/, da: /brev/, nb: /brev/ };

const templates: Template[] = [
  {
    name: 'passwordResetMail',
    render: (language) => passwordResetMail({ to, language, firstName, link }),
    words: { de: /Passwort/, sv: /lösenord/, da: /adgangskode/, nb: /passord/ },
  },
  {
    name: 'invitationMail',
    render: (language) => invitationMail({ to, language, firstName, link }),
    words: { de: /Einladung/, sv: /inbjud/, da: /invitation/, nb: /invitasjon/ },
  },
  {
    name: 'onboardingMail',
    render: (language) => onboardingMail({ to, language, firstName, link }),
    words: { de: /Postfach/, sv: /brevlåda/, da: /postkasse/, nb: /postkasse/ },
  },
  {
    name: 'emailVerificationMail',
    render: (language) => emailVerificationMail({ to, language, firstName, link }),
    words: { de: /E-Mail-Adresse/, sv: /e-postadress/, da: /e-mailadresse/, nb: /e-postadresse/ },
  },
  {
    name: 'mailboxInvitationMail',
    render: (language) =>
      mailboxInvitationMail({
        to,
        language,
        firstName,
        inviterName: 'Ben Berg',
        mailboxName: 'Familie Berg',
        role: 'member',
        accessUntil: '2026-03-05',
        link,
      }),
    words: { de: /5\. März 2026/, sv: /5 mars 2026/, da: /5\. marts 2026/, nb: /5\. mars 2026/ },
  },
  {
    name: 'emailChangeConfirmMail',
    render: (language) => emailChangeConfirmMail({ ...changeInput(language), link }),
    words: { de: /E-Mail-Adresse/, sv: /e-postadress/, da: /e-mailadresse/, nb: /e-postadresse/ },
  },
  {
    name: 'emailChangeTakenMail',
    render: (language) => emailChangeTakenMail(changeInput(language)),
    words: { de: /Adresse/, sv: /adress/, da: /adresse/, nb: /adresse/ },
  },
  {
    name: 'emailChangeRequestedMail',
    render: (language) => emailChangeRequestedMail({ ...changeInput(language), link }),
    words: { de: /Passwort/, sv: /lösenord/, da: /adgangskode/, nb: /passord/ },
  },
  {
    name: 'emailChangedMail',
    render: (language) => emailChangedMail(changeInput(language)),
    words: { de: /abgemeldet/, sv: /loggats ut/, da: /logget ud/, nb: /logget ut/ },
  },
  {
    name: 'deletionCodeMail',
    render: (language) => deletionCodeMail({ to, language, firstName, code, minutes: 30 }),
    words: { de: /30 Minuten/, sv: /30 minuter/, da: /30 minutter/, nb: /30 minutter/ },
  },
  {
    name: 'deletionScheduledMail',
    render: (language) =>
      deletionScheduledMail({
        to,
        language,
        firstName,
        dueAt: new Date('2026-12-29T09:00:00Z'),
        timeZone: 'Europe/Berlin',
        loginLink: link,
      }),
    words: {
      de: /Löschen abbrechen/,
      sv: /Avbryt raderingen/,
      da: /Annullér sletning/,
      nb: /Avbryt slettingen/,
    },
  },
  {
    name: 'dataExportReadyMail',
    render: (language) =>
      dataExportReadyMail({
        to,
        language,
        firstName,
        link,
        until: formatDate(language, new Date('2026-12-06T12:00:00Z'), 'Europe/Berlin'),
      }),
    words: {
      de: /Meine Daten herunterladen/,
      sv: /Ladda ner mina uppgifter/,
      da: /Download mine data/,
      nb: /Last ned dataene mine/,
    },
  },
  ...(['attached', 'too-big', 'signature'] as const).map((kind): Template => ({
    name: `forwardedLetterMail (${kind})`,
    render: (language) =>
      forwardedLetterMail({
        ...forwardInput(language),
        shape:
          kind === 'attached'
            ? { kind, attachments: [] }
            : kind === 'too-big'
              ? { kind, limitMegabytes: 10 }
              : { kind },
      }),
    words: letterWords,
  })),
  {
    name: 'newLetterMail',
    render: (language) =>
      newLetterMail({
        to,
        language,
        firstName,
        providerName: 'Stadtwerke Musterstadt',
        subject: 'Abschlag 2026',
        link,
      }),
    words: letterWords,
  },
  ...(['due_soon', 'overdue'] as const).map((kind): Template => ({
    name: `invoiceReminderMail (${kind})`,
    render: (language) =>
      invoiceReminderMail({
        kind,
        to,
        language,
        firstName,
        providerName: 'Stadtwerke Musterstadt',
        amount: 123450,
        currency: 'EUR',
        dueDate: '2026-03-05',
        link,
      }),
    words: { de: /Rechnung/, sv: /faktura/i, da: /regning/i, nb: /faktura/i },
  })),
  {
    name: 'formReceiptMail',
    render: (language) =>
      formReceiptMail({
        to,
        language,
        providerName: 'Stadtwerke Musterstadt',
        formTitle: 'Zählerstand melden',
        reference: 'SW-2026-0042',
        submittedAt: '2026-11-24T13:05:00Z',
        timeZone: 'Europe/Berlin',
      }),
    words: { de: /Formular/, sv: /formulär/, da: /formular/, nb: /skjema/ },
  },
];

const others = languages.filter((language): language is Other => language !== 'en');

describe.each(templates)('$name', ({ render, words }) => {
  const english = render('en');

  it.each([...languages])('has a subject and a body in %s', (language) => {
    const mail = render(language);
    expect(mail.subject.trim()).not.toBe('');
    expect(mail.text.trim()).not.toBe('');
    expect(mail.subject).not.toMatch(/\n/);
    // A mail with an HTML part declares its language there too.
    expect(mail.html === undefined || mail.html.includes(`<html lang="${language}">`)).toBe(true);
  });

  it.each(others)('leaves no English line in %s', (language) => {
    const mail = render(language);
    expect(mail.subject).not.toBe(english.subject);
    const englishLines = new Set(english.text.split('\n'));
    const leftOver = mail.text
      .split('\n')
      .filter((line) => !neutralLines.has(line) && englishLines.has(line));
    expect(leftOver).toEqual([]);
  });

  it.each(others)('speaks the words of %s', (language) => {
    const mail = render(language);
    expect(`${mail.subject}\n${mail.text}`).toMatch(words[language]);
  });
});

describe('counted words', () => {
  const minutes: Record<Language, string[]> = {
    en: ['0 minutes', '1 minute', '2 minutes', '5 minutes'],
    de: ['0 Minuten', '1 Minute', '2 Minuten', '5 Minuten'],
    sv: ['0 minuter', '1 minut', '2 minuter', '5 minuter'],
    da: ['0 minutter', '1 minut', '2 minutter', '5 minutter'],
    nb: ['0 minutter', '1 minutt', '2 minutter', '5 minutter'],
  };

  it.each([...languages])('the deletion code counts its minutes in %s', (language) => {
    const rendered = [0, 1, 2, 5].map(
      (count) => deletionCodeMail({ to, language, firstName, code, minutes: count }).text,
    );
    rendered.forEach((text, index) => {
      // The whole word: "1 minut" must not pass inside "1 minutter".
      const expected = minutes[language][index] ?? '';
      expect(text).toMatch(new RegExp(`(^|\\s)${expected}(?=[\\s.])`));
    });
  });
});

/** The language as stored, so that an unknown one can be given too. */
const reminder = (language: string, currency: string) =>
  invoiceReminderMail({
    kind: 'overdue',
    to,
    language,
    firstName,
    providerName: 'Forsyning',
    amount: 123450,
    currency,
    dueDate: '2026-03-05',
    link,
  });

describe('amounts and dates in the reader’s locale', () => {
  it('writes Danish kroner as 1.234,50 kr.', () => {
    const mail = reminder('da', 'DKK');
    expect(mail.subject).toContain('1.234,50\u00a0kr.');
    expect(mail.text).toContain('den 5. marts 2026');
  });

  it('groups Swedish and Norwegian digits with a non-breaking space', () => {
    expect(reminder('sv', 'SEK').text).toContain('1\u00a0234,50\u00a0kr');
    expect(reminder('nb', 'NOK').text).toContain('1\u00a0234,50\u00a0kr');
    expect(reminder('sv', 'SEK').text).toContain('5 mars 2026');
    expect(reminder('nb', 'NOK').text).toContain('5. mars 2026');
  });

  it('keeps English and German as they were', () => {
    expect(reminder('en', 'EUR').subject).toBe('Overdue: invoice from Forsyning for €1,234.50');
    expect(reminder('de', 'EUR').subject).toBe(
      'Überfällig: Rechnung von Forsyning über 1.234,50\u00a0€',
    );
  });

  it('reads an unknown stored language as English', () => {
    expect(reminder('xx', 'EUR').subject).toBe('Overdue: invoice from Forsyning for €1,234.50');
  });

  it('dates a form receipt in the visitor’s locale and time zone', () => {
    const mail = formReceiptMail({
      to,
      language: 'da',
      providerName: 'Forsyning',
      formTitle: 'Måleraflæsning',
      reference: 'F-1',
      submittedAt: '2026-11-24T13:05:00Z',
      timeZone: 'Europe/Copenhagen',
    });
    expect(mail.text).toContain('24. november 2026 kl. 14.05 (Europe/Copenhagen)');
  });
});
