import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LetterDetail } from '@kuvert/shared/letters';
import {
  printPdfPath,
  type LetterDraft,
  type PrintLanguageChoice,
  type SendLetterRequest,
} from '@kuvert/shared/outbox';
import type { PostalAddressInput } from '@kuvert/shared/postal';
import { createLoggedInUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { personalAccountOf } from '../../test/mailbox.ts';
import { runAllJobs } from '../../test/postal.ts';

const CLAIRE: PostalAddressInput = {
  name: 'Claire Dubois',
  street: '12 rue de Rivoli',
  postcode: '75001',
  city: 'Paris',
  country: 'FR',
};

const ANNA: PostalAddressInput = {
  name: 'Anna Gruber',
  street: 'Graben 7',
  postcode: '1010',
  city: 'Wien',
  country: 'AT',
};

const INGRID: PostalAddressInput = {
  name: 'Ingrid Bø',
  street: 'Karl Johans gate 22',
  postcode: '0159',
  city: 'Oslo',
  country: 'NO',
};

const toPost = (address: PostalAddressInput): SendLetterRequest['recipients'] => [
  { channel: 'postal', address },
];

/** Issue: a printed letter's date followed the writer's interface language, not its reader. */
describe.each(testEngines)('the language of a printed letter (%s)', (engine) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp(engine);
    t.clock.setTo('2026-11-28T10:00:00.000Z');
  });
  afterEach(async () => t.close());

  /** A writer with a postal address in Berlin and the interface in `language`. */
  async function writer(language: 'de' | 'en') {
    const user = await createLoggedInUser(t.app, { firstName: 'Jana', lastName: 'Nowak' });
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: user.headers,
      payload: {
        language,
        address: { street: 'Hauptstraße 5', postcode: '10115', city: 'Berlin', country: 'DE' },
      },
    });
    if (saved.statusCode !== 200) throw new Error(`profile not saved: ${saved.body}`);
    return user;
  }

  async function send(user: LoggedIn, request: Partial<SendLetterRequest>) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/outbox/letters',
      headers: user.headers,
      payload: {
        account_id: personalAccountOf(user),
        subject: 'Mietvertrag',
        body: 'Hello.',
        ...request,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<LetterDetail>();
  }

  /** The text of the print PDF of the letter's only recipient. */
  async function printedText(user: LoggedIn, letter: LetterDetail): Promise<string> {
    await runAllJobs(t.app);
    const recipientId = letter.recipients[0]?.id ?? '';
    const response = await t.app.inject({
      url: printPdfPath(letter.id, recipientId),
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    const file = path.join(t.config.dataDir, `${recipientId}.pdf`);
    writeFileSync(file, response.rawPayload);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  }

  it('writes to France in English by default, whatever the writer reads', async () => {
    const jana = await writer('de');
    const letter = await send(jana, { recipients: toPost(CLAIRE) });
    expect(letter.recipients[0]?.print_language).toBe('en');
    const text = await printedText(jana, letter);
    expect(text).toContain('28 November 2026');
    expect(text).not.toContain('28. November 2026');
    // The letterhead speaks the letter's language; the address line follows postal rules.
    expect(text).toContain('Germany');
    expect(text).toContain('FRANKREICH');
  });

  it('writes to Norway in Norwegian by default, page labels too', async () => {
    const jana = await writer('de');
    const paragraphs = Array.from({ length: 60 }, (_, index) => `Avsnitt ${index + 1}.`);
    const letter = await send(jana, { recipients: toPost(INGRID), body: paragraphs.join('\n\n') });
    expect(letter.recipients[0]?.print_language).toBe('nb');
    const text = await printedText(jana, letter);
    expect(text).toContain('28. november 2026');
    expect(text).toMatch(/Side 2 av \d/);
    expect(text).toContain('Tyskland');
    expect(text).toContain('NORWEGEN');
  });

  it('writes to France in German when the writer chose it, page labels too', async () => {
    const jana = await writer('de');
    const paragraphs = Array.from({ length: 60 }, (_, index) => `Absatz ${index + 1}.`);
    const letter = await send(jana, {
      recipients: toPost(CLAIRE),
      body: paragraphs.join('\n\n'),
      print_language: 'de',
    });
    expect(letter.recipients[0]?.print_language).toBe('de');
    const text = await printedText(jana, letter);
    expect(text).toContain('28. November 2026');
    expect(text).toMatch(/Seite 2 von \d/);
    expect(text).not.toContain('Page 2 of');
    expect(text).toContain('FRANKREICH');
  });

  it('writes to Austria in German for a writer who reads English', async () => {
    const john = await writer('en');
    const letter = await send(john, { recipients: toPost(ANNA) });
    const text = await printedText(john, letter);
    expect(text).toContain('28. November 2026');
    expect(text).not.toContain('28 November 2026');
    expect(text).toContain('Deutschland');
    expect(text).toContain('AUSTRIA');
  });

  it('writes to Austria in English when the writer chose it', async () => {
    const john = await writer('en');
    const letter = await send(john, { recipients: toPost(ANNA), print_language: 'en' });
    expect(await printedText(john, letter)).toContain('28 November 2026');
  });

  it('refuses a language it cannot print', async () => {
    const jana = await writer('de');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/outbox/letters',
      headers: jana.headers,
      payload: {
        account_id: personalAccountOf(jana),
        subject: 'Lettre',
        body: 'Bonjour.',
        recipients: toPost(CLAIRE),
        print_language: 'fr',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('keeps the chosen language with the draft', async () => {
    const jana = await writer('de');
    const draftOf = async (choice: PrintLanguageChoice | undefined) => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/letter-drafts',
        headers: jana.headers,
        payload: {
          account_id: personalAccountOf(jana),
          recipients: toPost(CLAIRE),
          subject: 'Entwurf',
          ...(choice === undefined ? {} : { print_language: choice }),
        },
      });
      expect(created.statusCode).toBe(201);
      const { id } = created.json<LetterDraft>();
      const loaded = await t.app.inject({ url: `/api/letter-drafts/${id}`, headers: jana.headers });
      return loaded.json<LetterDraft>();
    };
    expect((await draftOf('de')).print_language).toBe('de');
    expect((await draftOf(undefined)).print_language).toBe('auto');

    const draft = await draftOf('en');
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/letter-drafts/${draft.id}`,
      headers: jana.headers,
      payload: {
        recipients: draft.recipients,
        subject: draft.subject,
        body: draft.body,
        upload_ids: draft.upload_ids,
        print_language: 'auto',
        version: draft.version,
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<LetterDraft>().print_language).toBe('auto');
  });
});
