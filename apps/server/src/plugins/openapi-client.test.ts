import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { createTestProvider } from '../test/mailbox.ts';
import { deliverSignatureRequest, signAs } from '../test/signatures.ts';

const run = promisify(execFile);
const workspaceRoot = path.resolve(import.meta.dirname, '../../../..');

/*
 * A provider's client, generated from the live document the way a provider would
 * (openapi-typescript's types + openapi-fetch), type-checked, then run as its own process.
 * The type assertions fail to compile if the document says JSON where a PDF comes back, or
 * if the metadata part is untyped or demands fields the API does not.
 */
const clientSource = `import createClient from 'openapi-fetch';
import type { paths } from './kuvert-api.ts';

type Download = paths['/api/sender/v1/letters/{id}/signed-document']['get'];
type Sealed = Download['responses'][200]['content'];
const pdf: keyof Sealed = 'application/pdf';
const isJson: 'application/json' extends keyof Sealed ? true : false = false;
type Delivery = paths['/api/sender/v1/letters']['post']['requestBody']['content'];
const metadata: Delivery['multipart/form-data']['metadata'] = {
  recipient: { email: 'anna@example.org' },
  subject: 'Only the required fields',
};

const [baseUrl = '', apiKey = '', id = ''] = process.argv.slice(2);
const client = createClient<paths>({ baseUrl, headers: { authorization: 'Bearer ' + apiKey } });
const { data, response } = await client.GET('/api/sender/v1/letters/{id}/signed-document', {
  params: { path: { id } },
  parseAs: 'arrayBuffer',
});
const head = data ? Buffer.from(data).subarray(0, 5).toString('latin1') : '';
const contentType = response.headers.get('content-type');
console.log(JSON.stringify({ status: response.status, contentType, head, pdf, isJson, metadata }));
`;

const tsconfig = {
  compilerOptions: {
    target: 'es2024',
    lib: ['es2024', 'dom'],
    module: 'nodenext',
    strict: true,
    noEmit: true,
    allowImportingTsExtensions: true,
    types: ['node'],
  },
  files: ['client.ts'],
};

describe('a client generated from the OpenAPI document', () => {
  let t: TestApp;
  let folder: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    folder = mkdtempSync(path.join(tmpdir(), 'kuvert-client-'));
    // The client resolves openapi-fetch and @types/node as a provider's project would.
    symlinkSync(path.join(workspaceRoot, 'node_modules'), path.join(folder, 'node_modules'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('downloads the sealed PDF of a signature request through the Sender API', async () => {
    const provider = await createTestProvider(t.app, { name: 'Hausverwaltung' });
    const anna = await createLoggedInUser(t.app, { firstName: 'Anna', lastName: 'Łukasz' });
    const letterId = await deliverSignatureRequest(t.app, provider.apiKey, anna.email);
    expect((await signAs(t.app, anna, letterId)).statusCode).toBe(200);
    while ((await t.app.jobs.runDueJobs()) > 0);

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address: AddressInfo | string | null = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const baseUrl = `http://127.0.0.1:${address.port}`;
    const types = await openapiTS(new URL(`${baseUrl}/api/docs/json`));
    writeFileSync(path.join(folder, 'kuvert-api.ts'), astToString(types));
    writeFileSync(path.join(folder, 'client.ts'), clientSource);
    writeFileSync(path.join(folder, 'tsconfig.json'), JSON.stringify(tsconfig));
    writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ type: 'module' }));
    const tsc = path.join(workspaceRoot, 'node_modules/typescript/bin/tsc');
    await expect(run(process.execPath, [tsc, '-p', folder])).resolves.toBeDefined();

    const client = path.join(folder, 'client.ts');
    const { stdout } = await run(process.execPath, [client, baseUrl, provider.apiKey, letterId]);
    expect(JSON.parse(stdout)).toMatchObject({
      status: 200,
      contentType: 'application/pdf',
      head: '%PDF-',
    });
    // Sealing, generating, type-checking and a second process: more than the default.
  }, 90_000);
});
