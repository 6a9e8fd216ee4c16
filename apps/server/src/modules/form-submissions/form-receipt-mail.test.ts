import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publicFormReceiptSchema } from '@kuvert/shared/forms';
import { MOVING_FORM, publishTestForm } from '../../test/forms.ts';
import { pdfText } from '../../test/form-submissions.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { VALID_IBAN, createTestProvider } from '../../test/mailbox.ts';
import { runAllJobs } from '../../test/postal.ts';

/** What someone who wants Kuvert to mail their words to a stranger would type. */
const BAIT = 'You won 1000 EUR: claim it at https://evil.example/claim';

const ANSWERS = {
  full_name: BAIT,
  email: 'victim@example.org',
  moved_on: '2026-05-31',
  iban: VALID_IBAN,
  tariff: 'green',
  paperless: true,
  address: { street: BAIT.slice(0, 60), city: 'Köln' },
  consent: true,
};

describe.each(testEngines)('forms: the receipt of an anonymous visitor (%s)', (engine) => {
  let t: TestApp;
  let formId: string;

  beforeEach(async () => {
    t = await createTestApp(engine);
    const created = await createTestProvider(t.app, { name: 'Stadtwerke Köln' });
    formId = await publishTestForm(t.app, created.provider.id, MOVING_FORM);
  });
  afterEach(async () => t.close());

  const submit = () =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/forms/${formId}/submissions`,
      payload: { form_version: 1, data: ANSWERS, receipt_email: 'victim@example.org' },
    });

  it('mails the given address no attachment and nothing the visitor typed', async () => {
    const response = await submit();
    expect(response.statusCode).toBe(201);
    const receipt = publicFormReceiptSchema.parse(response.json());
    await runAllJobs(t.app);

    const mail = t.mailer.lastTo('victim@example.org');
    expect(mail.attachments ?? []).toEqual([]);
    for (const part of [mail.subject, mail.text, mail.html ?? '']) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('1000 EUR');
    }
    expect(mail.subject).toContain(receipt.reference);
    expect(mail.text).toContain('Stadtwerke Köln');
    expect(mail.text).toContain('Change of address');
  });

  it('lets the visitor download the PDF from the page that sent it, with its key only', async () => {
    const response = await submit();
    const receipt = publicFormReceiptSchema.parse(response.json());
    expect(receipt.receipt_url).toMatch(/^\/api\/public\/form-submissions\/[^/]+\/receipt\?key=/);

    const early = await t.app.inject({ url: receipt.receipt_url });
    expect(early.statusCode).toBe(409);
    // The page asks with HEAD until the PDF is made.
    expect((await t.app.inject({ method: 'HEAD', url: receipt.receipt_url })).statusCode).toBe(409);
    await runAllJobs(t.app);
    expect((await t.app.inject({ method: 'HEAD', url: receipt.receipt_url })).statusCode).toBe(200);

    const download = await t.app.inject({ url: receipt.receipt_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['cache-control']).toContain('no-store');
    const text = pdfText(download.rawPayload);
    expect(text).toContain(receipt.reference);
    expect(text).toContain('Change of address');

    const url = new URL(receipt.receipt_url, 'http://kuvert.test');
    const key = url.searchParams.get('key') ?? '';
    const forged = `${url.pathname}?key=${key.slice(0, -2)}xx`;
    expect((await t.app.inject({ url: forged })).statusCode).toBe(404);
    expect((await t.app.inject({ url: url.pathname })).statusCode).toBe(400);
    const other = publicFormReceiptSchema.parse((await submit()).json());
    const otherPath = new URL(other.receipt_url, 'http://kuvert.test').pathname;
    expect((await t.app.inject({ url: `${otherPath}?key=${key}` })).statusCode).toBe(404);

    // A day later the key no longer opens it.
    t.clock.advanceSeconds(25 * 60 * 60);
    expect((await t.app.inject({ url: receipt.receipt_url })).statusCode).toBe(404);
  });
});
