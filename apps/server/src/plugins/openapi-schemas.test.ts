import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { createTestProvider, deliverTestLetter } from '../test/mailbox.ts';

type Json = Record<string, unknown>;

const COMPONENTS_ID = 'https://kuvert.invalid/components';

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A strict JSON Schema 2020-12 validator (the dialect of OpenAPI 3.1) that knows the
 * document's components, as a response-validating proxy or contract test would load them.
 */
function strictValidatorOf(document: Json): Ajv2020 {
  const components = isRecord(document.components) ? document.components : {};
  const text = JSON.stringify(components.schemas).replaceAll(
    '"#/components/schemas/',
    `"${COMPONENTS_ID}#/$defs/`,
  );
  const ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true });
  addFormats.default(ajv);
  // OpenAPI's own keywords and format, beside JSON Schema's.
  ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs']);
  ajv.addFormat('binary', true);
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: JSON.parse(text) });
  return ajv;
}

describe('the schemas of the OpenAPI document', () => {
  let t: TestApp;
  let ajv: Ajv2020;
  let schemaNames: string[];

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const document: unknown = (await t.app.inject({ url: '/api/docs/json' })).json();
    if (!isRecord(document) || !isRecord(document.components)) throw new Error('no document');
    schemaNames = Object.keys(document.components.schemas ?? {});
    ajv = strictValidatorOf(document);
  });
  afterAll(async () => t.close());

  const errorsOf = (name: string, value: unknown) => {
    const validate = ajv.getSchema(`${COMPONENTS_ID}#/$defs/${name}`);
    if (!validate) throw new Error(`no schema ${name}`);
    return validate(value) ? [] : validate.errors;
  };

  it('compiles every component in a strict JSON Schema 2020-12 validator', () => {
    const broken = schemaNames.filter((name) => {
      try {
        return !ajv.getSchema(`${COMPONENTS_ID}#/$defs/${name}`);
      } catch {
        return true;
      }
    });
    expect(schemaNames.length).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  });

  it('accepts real answers whose nullable fields are null', async () => {
    const provider = await createTestProvider(t.app);
    const anna = await createLoggedInUser(t.app);
    const letterId = await deliverTestLetter(t.app, provider.apiKey, anna.email);

    const status = await t.app.inject({
      url: `/api/sender/v1/letters/${letterId}`,
      headers: { authorization: `Bearer ${provider.apiKey}` },
    });
    expect(status.json()).toMatchObject({ invoice: null, signature: null, read_at: null });
    expect(errorsOf('SenderLetterStatus', status.json())).toEqual([]);

    const detail = await t.app.inject({
      url: `/api/letters/${letterId}`,
      headers: { cookie: anna.cookie },
    });
    expect(detail.json()).toMatchObject({ signature: null });
    expect(errorsOf('LetterDetail', detail.json())).toEqual([]);
    // …and still tells a wrong value apart.
    const answer: unknown = status.json();
    const wrong = isRecord(answer) ? { ...answer, invoice: 'none' } : {};
    expect(errorsOf('SenderLetterStatus', wrong)).not.toEqual([]);
  });
});
