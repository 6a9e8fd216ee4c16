import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { createTestProvider } from '../../test/mailbox.ts';

describe.each(testEngines)('webhook URLs in production (%s)', (engine) => {
  let t: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' });
    ({ apiKey } = await createTestProvider(t.app));
  });
  afterAll(async () => t.close());

  const put = (url: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/sender/v1/webhook',
      headers: { authorization: `Bearer ${apiKey}` },
      payload: { url },
    });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/hook',
    'https://10.0.0.7/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[::127.0.0.1]/hook',
    'http://[64:ff9b::10.0.0.1]/hook',
    'http://[2002:a9fe:a9fe::1]/latest/meta-data',
    'http://192.0.2.10/hook',
  ])('refuses %s with a clear reason', async (url) => {
    const response = await put(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'body.url', message: 'Must be a public address, not a private network' }],
    });
  });

  it('accepts a public address', async () => {
    expect((await put('https://hooks.example.com/kuvert')).statusCode).toBe(200);
  });
});
