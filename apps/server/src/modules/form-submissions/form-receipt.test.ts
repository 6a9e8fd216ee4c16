import { afterEach, describe, expect, it } from 'vitest';
import type { FormSubmissionPage, FormSubmissionSummary } from '@kuvert/shared/forms';
import { createLoggedInUser } from '../../test/factories.ts';
import { publishTestForm, type TestFormInput } from '../../test/forms.ts';
import { pdfText } from '../../test/form-submissions.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { createTestProvider, personalAccountOf } from '../../test/mailbox.ts';
import { runAllJobs } from '../../test/postal.ts';
import { startWebhookReceiver } from '../../test/webhook-receiver.ts';

/** Three sections of 25 text fields each: long enough for several pages. */
function longForm(): {
  definition: TestFormInput;
  answers: Record<string, Record<string, string>>;
} {
  const properties: Record<string, unknown> = {};
  const answers: Record<string, Record<string, string>> = {};
  for (const section of ['history', 'household', 'remarks']) {
    const fields: Record<string, unknown> = {};
    answers[section] = {};
    for (let index = 1; index <= 25; index += 1) {
      fields[`q${index}`] = { type: 'string', title: `${section} question ${index}` };
      answers[section][`q${index}`] =
        `Answer ${index} of ${section}: ${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(3)}`;
    }
    properties[section] = { type: 'object', title: `Section ${section}`, properties: fields };
  }
  return { definition: { title: 'Long form', schema: { type: 'object', properties } }, answers };
}

/** Every kind of answer the PDF puts in words. */
const KINDS_FORM: TestFormInput = {
  title: 'Haushaltsfragebogen',
  schema: {
    type: 'object',
    properties: {
      area: { type: 'number', title: 'Wohnfläche (m²)' },
      rooms: { type: 'integer', title: 'Zimmer' },
      heating: {
        type: 'array',
        title: 'Heizung',
        items: { type: 'string', enum: ['gas', 'heat_pump', 'solar'] },
      },
      children: { type: 'array', title: 'Kinder', items: { type: 'string' } },
      pets: { type: 'boolean', title: 'Haustiere' },
      notes: { type: 'string', title: 'Anmerkungen' },
    },
  },
  ui_schema: {
    heating: { 'ui:widget': 'checkboxes', 'ui:enumNames': ['Gas', 'Wärmepumpe', 'Solar'] },
  },
};

describe.each(testEngines)('forms: the PDF of a submission (%s)', (engine) => {
  let t: TestApp;
  afterEach(async () => t.close());

  async function submit(
    definition: TestFormInput,
    data: Record<string, unknown>,
    options: { language?: 'en' | 'de'; webhookUrl?: string } = {},
  ) {
    const provider = await createTestProvider(t.app, {
      name: 'Amt für Formulare',
      ...(options.webhookUrl ? { webhookUrl: options.webhookUrl } : {}),
    });
    const formId = await publishTestForm(t.app, provider.provider.id, definition);
    const me = await createLoggedInUser(t.app, { language: options.language ?? 'en' });
    const accountId = personalAccountOf(me);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/submissions`,
      headers: me.headers,
      payload: { account_id: accountId, form_version: 1, data },
    });
    expect(response.statusCode).toBe(201);
    await runAllJobs(t.app);
    return { me, accountId, summary: response.json<FormSubmissionSummary>() };
  }

  it('runs a long form over several pages, never parting a label from its answer', async () => {
    t = await createTestApp(engine);
    const { definition, answers } = longForm();
    const { me, summary } = await submit(definition, answers);
    const receipt = await t.app.inject({
      url: `/api/form-submissions/${summary.id}/receipt`,
      headers: { cookie: me.cookie },
    });
    const text = pdfText(receipt.rawPayload);
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, index) => {
      expect(page).toContain(`${summary.reference} · Long form`);
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    const lines = text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    for (const [section, fields] of Object.entries(answers)) {
      expect(lines).toContain(`Section ${section}`);
      for (const [key, answer] of Object.entries(fields)) {
        const label = `${section} question ${key.slice(1)}`;
        const at = lines.indexOf(label);
        expect({ label, next: lines[at + 1]?.slice(0, 20) }).toEqual({
          label,
          next: answer.slice(0, 20),
        });
      }
    }
  });

  it('puts each kind of answer in words, in the submitter’s language', async () => {
    t = await createTestApp(engine);
    const { me, summary } = await submit(
      KINDS_FORM,
      { area: 72.5, rooms: 3, heating: ['gas', 'solar'], children: ['Mia', 'Leo'], pets: false },
      { language: 'de' },
    );
    const receipt = await t.app.inject({
      url: `/api/form-submissions/${summary.id}/receipt`,
      headers: { cookie: me.cookie },
    });
    const lines = pdfText(receipt.rawPayload)
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    const after = (label: string, count = 1) => {
      const at = lines.indexOf(label);
      return lines.slice(at + 1, at + 1 + count);
    };
    expect(lines[0]).toBe('Formular-Einreichung');
    expect(after('Wohnfläche (m²)')).toEqual(['72,5']);
    expect(after('Zimmer')).toEqual(['3']);
    expect(after('Heizung', 2)).toEqual(['Gas', 'Solar']);
    expect(after('Kinder', 2)).toEqual(['Mia', 'Leo']);
    expect(after('Haustiere')).toEqual(['Nein']);
    expect(after('Anmerkungen')).toEqual(['—']);
    expect(lines.some((line) => /^Anbieter\s+Amt für Formulare$/.test(line))).toBe(true);
    expect(
      lines.some((line) => /^Eingereicht am\s+\d{1,2}\. \w+ \d{4} um \d\d:\d\d/.test(line)),
    ).toBe(true);
  });

  it('marks a submission failed, with the reason, when its PDF breaks a limit; the provider hears nothing', async () => {
    t = await createTestApp(engine, { PROCESSING_MAX_PAGES: '2' });
    const receiver = await startWebhookReceiver();
    try {
      const { definition, answers } = longForm();
      const { me, accountId, summary } = await submit(definition, answers, {
        webhookUrl: receiver.url,
      });
      const list = await t.app.inject({
        url: `/api/form-submissions?account_id=${accountId}`,
        headers: { cookie: me.cookie },
      });
      const [item] = list.json<FormSubmissionPage>().items;
      expect(item).toMatchObject({ id: summary.id, status: 'failed', receipt_url: null });
      expect(item?.failure_reason).toMatch(/The PDF of the answers could not be made: .*pages/);
      const receipt = await t.app.inject({
        url: `/api/form-submissions/${summary.id}/receipt`,
        headers: { cookie: me.cookie },
      });
      expect(receipt.statusCode).toBe(409);
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
