import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_IMPORT_MAX_BYTES } from '@kuvert/shared/contacts';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  createTestProvider,
  multipart,
  personalAccountOf,
  postLetter,
  samplePdf,
} from '../../test/mailbox.ts';

/*
 * A user's import never holds up a provider's delivery (finding 3 of the security review):
 * a 4.9 MB vCard of folded lines used to hold the one child that also checks every Sender
 * API delivery's PDF for 15 s, and three of them delayed a delivery from 0.1 s to 37 s.
 */

const CRLF = '\r\n';

/** A vCard (as large as an import may be), its NOTE folded into lines of one character. */
function foldedVcard(number: number, bytes = CONTACT_IMPORT_MAX_BYTES - 1024): Buffer {
  const head = `BEGIN:VCARD${CRLF}VERSION:3.0${CRLF}FN:Folded ${number}${CRLF}NOTE:start${CRLF}`;
  const tail = `EMAIL:folded${number}@example.de${CRLF}END:VCARD${CRLF}`;
  const fold = ` x${CRLF}`;
  const folds = Math.floor((bytes - head.length - tail.length) / 4);
  return Buffer.from(`${head}${fold.repeat(folds)}${tail}`, 'latin1');
}

describe.each(testEngines)('imports and deliveries share no queue (%s)', (engine) => {
  let t: TestApp;
  let importer: CreatedUser & LoggedIn;
  let neighbour: CreatedUser & LoggedIn;
  let recipient: CreatedUser & LoggedIn;
  let apiKey: string;
  let pdf: Buffer;

  beforeAll(async () => {
    t = await createTestApp(engine);
    importer = await createLoggedInUser(t.app);
    neighbour = await createLoggedInUser(t.app);
    recipient = await createLoggedInUser(t.app);
    apiKey = (await createTestProvider(t.app)).apiKey;
    pdf = await samplePdf('Ihre Jahresabrechnung');
  });
  afterAll(async () => t.close());

  const deliver = async (subject: string) => {
    const response = await postLetter(
      t.app,
      apiKey,
      { recipient: { email: recipient.email }, subject },
      { documents: [{ filename: 'rechnung.pdf', content: pdf }] },
    );
    return { response };
  };

  const importVcard = async (content: Buffer, who: CreatedUser & LoggedIn = importer) => {
    const body = multipart([
      { name: 'file', filename: 'contacts.vcf', content, contentType: 'text/vcard' },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/contacts/import/preview?account_id=${personalAccountOf(who)}`,
      headers: { ...who.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    return { response };
  };

  // Asserted by the order answers come in, not by the clock: a busy machine slows both lanes.
  it('checks a delivery’s PDF while three 5 MB folded vCards are still being imported', async () => {
    // The delivery lane's child is started (and its code loaded) by a first delivery.
    const quiet = await deliver('Before the imports');
    expect(quiet.response.statusCode).toBe(201);

    const vcards = [1, 2, 3].map((number) => foldedVcard(number));
    expect(vcards.every((vcard) => vcard.length > 4.9 * 1024 * 1024)).toBe(true);
    const answered: string[] = [];
    const imports = Promise.all(
      vcards.map(async (vcard, index) => {
        const result = await importVcard(vcard);
        answered.push(`import ${index + 1}`);
        return result;
      }),
    );
    const during = await deliver('During the imports');
    answered.push('delivery');
    const imported = await imports;

    expect(during.response.statusCode).toBe(201);
    // Sharing one queue, the delivery waited for all three (37 s); in its own lane it is
    // answered while the imports are still being read.
    expect(answered.indexOf('delivery')).toBeLessThan(3);
    // The imports were real work, and each was read whole.
    for (const [index, { response }] of imported.entries()) {
      expect(response.statusCode).toBe(200);
      expect(response.json().rows).toEqual([
        expect.objectContaining({
          status: 'ok',
          contact: expect.objectContaining({
            name: `Folded ${index + 1}`,
            email: `folded${index + 1}@example.de`,
          }),
        }),
      ]);
    }
  }, 60_000);

  it('answers another account’s import between one account’s many', async () => {
    const answered: string[] = [];
    const read = async (who: CreatedUser & LoggedIn, name: string, number: number) => {
      const { response } = await importVcard(foldedVcard(number, 1024 * 1024), who);
      expect(response.statusCode).toBe(200);
      answered.push(name);
    };
    const many = [1, 2, 3, 4, 5, 6].map((number) => read(importer, `many ${number}`, number));
    const one = read(neighbour, 'one', 7);
    await Promise.all([...many, one]);
    // First come, first served answers the neighbour last (after six). Taking turns, after
    // the import running when it came and the one whose turn it was (one more, if the
    // neighbour's file was still being received when a turn ended).
    expect(answered.indexOf('one')).toBeLessThan(4);
  }, 60_000);
});
