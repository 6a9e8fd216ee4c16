import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toCreditorReference } from '../../lib/epc-qr.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { login } from '../../test/factories.ts';
import { isValidIban } from '@kuvert/shared/form-definition';
import { dayInDemoZone, isoDay, type CalendarDay } from './demo-calendar.ts';
import { buildDemoLetters, demoProviders, type DemoLetter } from './demo-letters.ts';
import { seedDemo } from './demo.service.ts';

/** Month names and abbreviations as German and English letters write them. */
const MONTHS: Record<string, number> = {};
for (const names of [
  'Januar January Jan',
  'Februar February Feb',
  'März March Mär Mar',
  'April Apr',
  'Mai May',
  'Juni June Jun',
  'Juli July Jul',
  'August Aug',
  'September Sept Sep',
  'Oktober October Okt Oct',
  'November Nov',
  'Dezember December Dez Dec',
].entries()) {
  for (const name of names[1].split(' ')) MONTHS[name] = names[0] + 1;
}
const MONTH_MENTION = new RegExp(
  `(?<!\\p{L})(${Object.keys(MONTHS)
    .toSorted((a, b) => b.length - a.length)
    .join('|')})(?!\\p{L})\\.?(?:\\s+(\\d{4}))?`,
  'gu',
);

/**
 * What a letter delivered on `delivered` must not say: a month after its own (a month with a
 * year), a bare month name further back than two months (so it reads as a future one), or a
 * year after the next.
 */
function anachronisms(text: string, delivered: CalendarDay): string[] {
  const found: string[] = [];
  for (const [, name = '', yearText] of text.matchAll(MONTH_MENTION)) {
    const month = MONTHS[name] ?? 0;
    const tooLate =
      yearText === undefined
        ? (delivered.month - month + 12) % 12 > 2
        : Number(yearText) * 12 + month > delivered.year * 12 + delivered.month;
    if (tooLate) found.push(yearText === undefined ? name : `${name} ${yearText}`);
  }
  for (const match of text.matchAll(/(?<!\d)(?:19|20)\d{2}(?!\d)/g)) {
    if (Number(match[0]) > delivered.year + 1) found.push(match[0]);
  }
  return found;
}

function textsOf(letter: DemoLetter): string {
  return [
    letter.subject,
    letter.body,
    ...letter.paragraphs,
    ...(letter.table?.headers ?? []),
    ...(letter.table?.rows.flat() ?? []),
    letter.table?.total ?? '',
    ...letter.closing,
    letter.filename,
  ].join('\n');
}

/** The month a payslip's subject names, as a number 1–12. */
function payslipMonth(subject: string): number {
  const name = /^Gehaltsabrechnung (\p{L}+) \d{4}$/u.exec(subject)?.[1] ?? '';
  return MONTHS[name] ?? 0;
}

function isMonthOrOneBefore(month: number, delivered: CalendarDay): boolean {
  return month === delivered.month || month === ((delivered.month + 10) % 12) + 1;
}

/** What is wrong with the demo as built at `now`: a list of sentences, empty when it reads right. */
function problemsOn(now: Date): string[] {
  const problems: string[] = [];
  const today = isoDay(dayInDemoZone(now));
  const inAWeek = isoDay(dayInDemoZone(new Date(now.getTime() + 7 * 86_400_000)));
  const letters = buildDemoLetters(now);
  const report = (problem: string) => problems.push(`${now.toISOString()}: ${problem}`);

  if (letters.length !== 13) report(`${String(letters.length)} letters`);
  const providers = new Set(letters.map((letter) => letter.provider));
  if (providers.size !== demoProviders.length) report('a provider sends nothing');
  if (letters.filter((letter) => !letter.isRead).length !== 6) report('not six unread letters');
  if (letters.filter((letter) => letter.signatureDueDate).length !== 1) report('no signature');

  for (const letter of letters) {
    const delivered = dayInDemoZone(letter.deliveredAt);
    const texts = textsOf(letter);
    const about = (problem: string) =>
      report(`${letter.subject} (${isoDay(delivered)}): ${problem}`);
    // Older than a day, a backdated letter mails no "new letter" notice.
    if (now.getTime() - letter.deliveredAt.getTime() <= 24 * 3600_000) about('mails a notice');
    for (const mention of anachronisms(texts, delivered)) about(`mentions ${mention}`);
    if (letter.provider === 'Brightwave Software GmbH') {
      const month = payslipMonth(letter.subject);
      if (!isMonthOrOneBefore(month, delivered)) about('a payslip for another month');
      // The Christmas bonus comes with the November or December salary, never before.
      if (texts.includes('Weihnachtsgeld') && month < 11) about('Weihnachtsgeld too early');
    }
    if (letter.invoice) {
      if (letter.invoice.dueDate < isoDay(delivered)) about('due before it arrived');
      if (!isValidIban(letter.invoice.iban)) about('an invalid IBAN');
      const reference = letter.invoice.reference;
      if (reference.startsWith('RF') && !toCreditorReference(reference)) {
        about('a bad RF reference');
      }
    }
    if (letter.signatureDueDate !== undefined && letter.signatureDueDate <= today) {
      about('signature already due');
    }
  }

  // The invoices: one paid by direct debit, one overdue, one due within a week, one later.
  const invoices = letters.flatMap((letter) => (letter.invoice ? [letter.invoice] : []));
  const paid = invoices.filter((invoice) => invoice.paidOn !== undefined);
  const unpaid = invoices.filter((invoice) => invoice.paidOn === undefined);
  if (paid.length !== 1 || (paid[0]?.paidOn ?? '') > today) report('not one invoice paid');
  if (unpaid.filter((invoice) => invoice.dueDate < today).length !== 1) report('not one overdue');
  const dueSoon = unpaid.filter(
    (invoice) => invoice.dueDate >= today && invoice.dueDate <= inAWeek,
  );
  if (dueSoon.length !== 1 || unpaid.length !== 3) report('not one due soon and one later');
  return problems;
}

describe('demo letters', () => {
  it('read right on every day of three years, at any time of day', () => {
    const problems: string[] = [];
    const start = Date.parse('2026-01-01T00:15:00+01:00');
    for (let day = 0; day < 3 * 366; day += 1) {
      // Around midnight in Germany (when its day and the UTC one differ) and at midday.
      for (const hours of [0, 12, 23.5]) {
        problems.push(...problemsOn(new Date(start + day * 86_400_000 + hours * 3_600_000)));
      }
    }
    // The first few are enough to see what went wrong.
    expect(problems.slice(0, 20)).toEqual([]);
  });

  it('catch the letters of a demo written for New Year', () => {
    // The texts the demo had before it followed the day, as they read in November.
    const delivered = { year: 2026, month: 11, day: 19 };
    expect(anachronisms('Gehaltsabrechnung Dezember', delivered)).toEqual(['Dezember']);
    expect(anachronisms('Your mobile bill for December', delivered)).toEqual(['December']);
    expect(anachronisms('Die Frist endet am 31. Juli.', delivered)).toEqual(['Juli']);
    expect(anachronisms('Roaming 14 Oct; statement for October 2026', delivered)).toEqual([]);
    expect(anachronisms('Jahresabrechnung Dezember 2026', delivered)).toEqual(['Dezember 2026']);
    expect(anachronisms('Abschlagsplan für 2028', delivered)).toEqual(['2028']);
  });
});

describe.each(testEngines)('demo seed (%s)', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  it('creates a demo login with a personal and a shared account on an empty database only', async () => {
    const demo = await seedDemo(t.app);
    expect(demo?.email).toBe('demo@kuvert.example');
    expect(demo?.password).toMatch(/^[a-z]+-[a-z]+-[a-z]+-\d{2}$/);

    const session = await login(t.app, demo?.email ?? '', demo?.password ?? '');
    expect(session.body.first_name).toBe('Alex');
    expect(session.body.accounts).toEqual([
      expect.objectContaining({ name: 'Alex Muster', kind: 'personal', role: 'owner' }),
      expect.objectContaining({ name: 'Muster household', kind: 'shared', role: 'owner' }),
    ]);

    expect(await seedDemo(t.app)).toBeNull();
  });

  it('fills the demo mailbox with invoices that are open, overdue and paid elsewhere', async () => {
    const demo = await seedDemo(t.app);
    const session = await login(t.app, demo?.email ?? '', demo?.password ?? '');
    const account = session.body.accounts.find((candidate) => candidate.kind === 'personal');
    const open = await t.app.inject({
      url: `/api/invoices?account_id=${account?.id ?? ''}`,
      headers: { cookie: session.cookie },
    });
    const items: Array<{ status: string; subject: string; epc_qr_available: boolean }> =
      open.json().items;
    expect(items.map((item) => item.status)).toEqual(['overdue', 'open', 'open']);
    expect(items.every((item) => item.epc_qr_available)).toBe(true);

    const inbox = await t.app.inject({
      url: `/api/letters?account_id=${account?.id ?? ''}`,
      headers: { cookie: session.cookie },
    });
    const statuses = inbox
      .json()
      .items.flatMap((letter: { invoice: { status: string } | null }) =>
        letter.invoice ? [letter.invoice.status] : [],
      );
    expect(statuses.toSorted()).toEqual(['open', 'open', 'overdue', 'paid']);
  });

  it('publishes forms to find by provider and use case, and files letters that suggest newer ones', async () => {
    const demo = await seedDemo(t.app);
    const session = await login(t.app, demo?.email ?? '', demo?.password ?? '');
    const get = (url: string) => t.app.inject({ url, headers: { cookie: session.cookie } });

    const catalogue = (await get('/api/forms')).json();
    expect(catalogue.items.map((form: { title: string }) => form.title).toSorted()).toEqual([
      'Bankverbindung ändern',
      'Kosten erstatten lassen',
      'Zählerstand melden',
    ]);
    const utilities = (await get('/api/forms?use_case=utilities')).json();
    expect(utilities.items.map((form: { title: string }) => form.title)).toEqual([
      'Zählerstand melden',
    ]);

    const account = session.body.accounts.find((candidate) => candidate.kind === 'personal');
    const inbox = (await get(`/api/letters?account_id=${account?.id ?? ''}`)).json();
    const notice = inbox.items.find((letter: { subject: string }) =>
      letter.subject.startsWith('Ablesung Ihres Stromzählers'),
    );
    const detail = (await get(`/api/letters/${notice.id}`)).json();
    expect(detail.form).toMatchObject({ title: 'Zählerstand melden', available: true });
    const form = (await get(`/api/forms/${detail.form.id}?account_id=${account?.id ?? ''}`)).json();
    expect(form.prefill).toMatchObject({ name: 'Alex Muster', email: 'demo@kuvert.example' });

    // Case files hold the meter-reading notice and the tax assessment; the later letters
    // with the same meter and tax numbers are suggested for them.
    const files = (await get(`/api/case-files?account_id=${account?.id ?? ''}&sort=title`)).json();
    expect(
      files.files.map((file: { title: string; item_count: number }) => [
        file.title,
        file.item_count,
      ]),
    ).toEqual([
      ['Income tax', 1],
      ['Wohnung Bergstraße 7', 2],
    ]);
    const letterCalled = (start: string) =>
      inbox.items.find((letter: { subject: string }) => letter.subject.startsWith(start)).id;
    const ofLetter = async (start: string) =>
      (await get(`/api/case-files/of-letter/${letterCalled(start)}`)).json();
    expect(await ofLetter('Ablesung Ihres Stromzählers')).toMatchObject({
      files: [{ title: 'Wohnung Bergstraße 7', item_title: 'Meter reading requested' }],
      suggestions: [],
    });
    expect((await ofLetter('Jahresabrechnung')).suggestions).toEqual([
      {
        file: expect.objectContaining({ title: 'Wohnung Bergstraße 7' }),
        reference: 'Zählernummer 1ESY1160512345',
      },
    ]);
    expect((await ofLetter('Bescheid über Vorauszahlungen')).suggestions).toEqual([
      {
        file: expect.objectContaining({ title: 'Income tax' }),
        reference: 'Steuernummer 06/123/45678',
      },
    ]);
  });

  it.each(['2026-01-03T08:30:00+01:00', '2026-07-15T18:00:00+02:00', '2026-11-21T10:00:00+01:00'])(
    'writes the letters and their PDFs for the day the demo is set up (%s)',
    async (today) => {
      t.clock.advanceSeconds((Date.parse(today) - t.clock.now().getTime()) / 1000);
      await seedDemo(t.app);
      const letters = await t.app.db
        .selectFrom('letters')
        .innerJoin('providers', 'providers.id', 'letters.provider_id')
        .innerJoin('letter_documents', 'letter_documents.letter_id', 'letters.id')
        .select([
          'providers.name as provider',
          'letters.subject',
          'letters.body',
          'letters.created_at',
          'letter_documents.text',
        ])
        .orderBy('letters.created_at')
        .execute();
      const languages = new Map(
        demoProviders.map((provider) => [provider.name, provider.language]),
      );
      const problems = letters.flatMap((letter) => {
        const deliveredAt = new Date(letter.created_at);
        const delivered = dayInDemoZone(deliveredAt);
        const pdfText = (letter.text ?? '').replace(/\s+/g, ' ');
        const found = anachronisms([letter.subject, letter.body, pdfText].join('\n'), delivered);
        if (deliveredAt.getTime() >= Date.parse(today)) found.push('delivered in the future');
        // The PDF is dated the day the letter arrives.
        const dated = new Intl.DateTimeFormat(
          languages.get(letter.provider) === 'de' ? 'de-DE' : 'en-GB',
          {
            dateStyle: 'long',
            timeZone: 'Europe/Berlin',
          },
        ).format(deliveredAt);
        if (!pdfText.includes(dated)) found.push(`the PDF is not dated ${dated}`);
        const isPayslip = letter.provider === 'Brightwave Software GmbH';
        if (isPayslip && !isMonthOrOneBefore(payslipMonth(letter.subject), delivered)) {
          found.push('a payslip for another month');
        }
        return found.map((problem) => `${letter.subject}: ${problem}`);
      });
      expect(letters).toHaveLength(13);
      expect(problems).toEqual([]);
    },
  );
});
