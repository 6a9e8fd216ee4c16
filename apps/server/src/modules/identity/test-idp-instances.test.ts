import { createServer, request, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityStatusSchema } from '@kuvert/shared/identity';
import { createLoggedInUser } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import {
  answerAtTestIdp,
  completeVerification,
  completionOf,
  freePort,
  startVerification,
} from '../../test/identity.ts';
import { createSecondInstance, type SecondInstance } from '../../test/instances.ts';

/**
 * Sends each request to the next of `ports` in turn, as a balancer without sticky sessions may:
 * every step of a sign-in lands on another instance than the one before.
 */
async function roundRobin(listenPort: number, ports: number[]): Promise<Server> {
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const port = ports[next++ % ports.length];
    const upstream = request(
      {
        host: '127.0.0.1',
        port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return server;
}

describe.each(testEngines)('the built-in test provider on two instances (%s)', (engine) => {
  let t: TestApp;
  let second: SecondInstance;
  let balancer: Server;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp(engine, { PUBLIC_URL: base });
    second = await createSecondInstance(t);
    const [first, other] = [await freePort(), await freePort()];
    await t.app.listen({ port: first, host: '127.0.0.1' });
    await second.app.listen({ port: other, host: '127.0.0.1' });
    balancer = await roundRobin(port, [first, other]);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => balancer.close(() => resolve()));
    await second.close();
    await t.close();
  });

  it('a verification begun on one instance is answered and completed on the others', async () => {
    const user = await createLoggedInUser(t.app);
    // Started on the first, every page of the provider alternates, completed on the second.
    const returnUrl = await answerAtTestIdp(await startVerification(t.app, user.headers), base);
    const completed = await completeVerification(
      second.app,
      user.headers,
      completionOf(returnUrl, `${base}/verify/id_process_id/`),
    );
    expect(completed.statusCode).toBe(200);

    const profile = await t.app.inject({ url: '/api/profile/identity', headers: user.headers });
    expect(identityStatusSchema.parse(profile.json()).identity).toMatchObject({
      name: 'Erika Mustermann',
      issuer: `${base}/test-idp`,
    });
  });
});
