import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './server-process.ts';
import type { RunningServer } from './server-process.ts';

const run = promisify(execFile);

/** The title of the form the benches open: their pages wait for it as the heading. */
export const BENCH_FORM_TITLE = 'Moving house: register your new address';

/**
 * A provider publishes a public form with a field of every kind (DESIGN §8) through the
 * Sender API; returns the address of its fill-out page, which anyone may open.
 */
export async function publishBenchForm(server: RunningServer): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [path.join(REPO_ROOT, 'apps/server/src/cli.ts'), 'provider', 'create', 'Stadtwerke Bench'],
    { env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'warn' } },
  );
  const providerId = /^\s*id:\s+(\S+)/mu.exec(stdout)?.[1];
  const apiKey = /API key:\s+(\S+)/u.exec(stdout)?.[1];
  if (!providerId || !apiKey) throw new Error(`no provider id or API key in:\n${stdout}`);
  const response = await fetch(`${server.url}/api/sender/v1/forms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: BENCH_FORM_TITLE,
      description: 'Tell us where you move to, and from when we should bill you there.',
      use_cases: ['moving_house', 'utilities'],
      public: true,
      schema: {
        type: 'object',
        properties: {
          full_name: { type: 'string', title: 'Full name', minLength: 2 },
          email: { type: 'string', format: 'email', title: 'E-mail address' },
          phone: { type: 'string', format: 'phone', title: 'Phone' },
          moving_day: { type: 'string', format: 'date', title: 'Moving day' },
          address: {
            type: 'object',
            title: 'New address',
            description: 'Where we should send your bills from now on.',
            properties: {
              street: { type: 'string', title: 'Street and number' },
              postcode: { type: 'string', title: 'Postcode', pattern: '[0-9]{5}' },
              city: { type: 'string', title: 'City' },
            },
            required: ['street', 'postcode', 'city'],
          },
          iban: { type: 'string', format: 'iban', title: 'IBAN for direct debit' },
          tariff: { type: 'string', enum: ['basic', 'green'], title: 'Tariff' },
          contact: { type: 'string', enum: ['mail', 'phone'], title: 'Contact me by' },
          people: { type: 'integer', title: 'People in the household', minimum: 1 },
          meter: { type: 'number', title: 'Meter reading (kWh)' },
          extras: {
            type: 'array',
            title: 'Interested in',
            items: { type: 'string', enum: ['solar', 'heat_pump', 'charging'] },
          },
          notes: { type: 'string', title: 'Anything else?' },
          consent: { type: 'boolean', const: true, title: 'I agree to the terms' },
          proof: { type: 'string', format: 'file', title: 'Tenancy agreement' },
        },
        required: ['full_name', 'email', 'moving_day', 'tariff', 'consent'],
      },
      ui_schema: {
        contact: { 'ui:widget': 'radio', 'ui:enumNames': ['By post', 'By phone'] },
        tariff: { 'ui:enumNames': ['Basic', 'Green power'] },
        extras: { 'ui:enumNames': ['Solar panels', 'A heat pump', 'Car charging'] },
        notes: { 'ui:widget': 'textarea' },
      },
    }),
  });
  if (response.status !== 201) {
    throw new Error(`publishing the bench form: ${response.status} ${await response.text()}`);
  }
  const { id }: { id: string } = await response.json();
  return `/forms/search/by-provider/${encodeURIComponent(providerId)}/fill-out/${encodeURIComponent(id)}`;
}
