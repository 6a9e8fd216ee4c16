import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MailMergeDefinition } from '@kuvert/shared/mail-merge';
import { printPdfPath } from '@kuvert/shared/outbox';
import { createLoggedInUser } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { personalAccountOf } from '../../test/mailbox.ts';
import { runAllJobs } from '../../test/postal.ts';
import { insertStoredUpload } from '../../test/upload-fixtures-app.ts';

const ROWS = [
  'Name,Straße,PLZ,Ort,Land',
  'Claire Dubois,12 rue de Rivoli,75001,Paris,FR',
  'Anna Gruber,Graben 7,1010,Wien,Österreich',
];

/** A mail merge has no language choice: each letter is printed in its country's language. */
describe.each(testEngines)('the language of mail merge letters by post (%s)', (engine) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp(engine);
    t.clock.setTo('2026-11-28T10:00:00.000Z');
  });
  afterEach(async () => t.close());

  it('prints each letter in the language of its recipient’s country', async () => {
    const jana = await createLoggedInUser(t.app, { firstName: 'Jana', lastName: 'Nowak' });
    const accountId = personalAccountOf(jana);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: jana.headers,
      payload: {
        language: 'de',
        address: { street: 'Hauptstraße 5', postcode: '10115', city: 'Berlin', country: 'DE' },
      },
    });
    expect(saved.statusCode).toBe(200);
    const uploadId = await insertStoredUpload(t.app, {
      accountId,
      userId: jana.user.id,
      name: 'adressen.csv',
      contentType: 'text/csv',
      bytes: new TextEncoder().encode(`${ROWS.join('\r\n')}\r\n`),
    });
    const definition: MailMergeDefinition = {
      account_id: accountId,
      csv: { upload_id: uploadId, encoding: 'utf-8', delimiter: ',' },
      source: { kind: 'template', subject: 'Rechnung', body: 'Guten Tag.' },
      mapping: {
        fields: { name: 0, street: 1, postcode: 2, city: 3, country: 4 },
        placeholders: {},
        default_country: 'DE',
      },
    };
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/mail-merges',
      headers: jana.headers,
      payload: definition,
    });
    expect(started.statusCode).toBe(202);
    await runAllJobs(t.app);

    const recipients = await t.app.db
      .selectFrom('letter_recipients')
      .select(['id', 'letter_id', 'country'])
      .where('channel', '=', 'postal')
      .orderBy('name')
      .execute();
    const dates = new Map<string | null, string>();
    for (const recipient of recipients) {
      const response = await t.app.inject({
        url: printPdfPath(recipient.letter_id, recipient.id),
        headers: jana.headers,
      });
      expect(response.statusCode).toBe(200);
      const file = path.join(t.config.dataDir, `${recipient.id}.pdf`);
      writeFileSync(file, response.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      dates.set(recipient.country, /28\. November 2026|28 November 2026/u.exec(text)?.[0] ?? '');
    }
    expect(Object.fromEntries(dates)).toEqual({
      AT: '28. November 2026',
      FR: '28 November 2026',
    });
  });
});
