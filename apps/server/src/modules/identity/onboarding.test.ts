import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { onboardingInfoSchema, startVerificationResponseSchema } from '@kuvert/shared/identity';
import { runCli, type CliIo } from '../../cli/run-cli.ts';
import { login } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { answerAtTestIdp, completionOf, freePort, SUBSTANTIAL } from '../../test/identity.ts';

async function codeOf(response: Response): Promise<string> {
  return z.object({ code: z.string() }).parse(await response.json()).code;
}

/*
 * Onboarding by identity (issue 24): the operator's CLI makes a single-use link; with it, and
 * no login, the person verifies their identity at the built-in test provider and then sets a
 * password. Everything over real HTTP, as a browser and the web app's pages do it.
 */
describe.each(testEngines)('onboarding by identity (%s)', (engine) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp(engine, { PUBLIC_URL: base });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  async function onboard(args: string[]): Promise<{ code: number; out: string }> {
    const out: string[] = [];
    const io: CliIo = { out: (text) => out.push(text), error: (text) => out.push(text) };
    const code = await runCli(['user', 'onboard', ...args], io, async () => ({
      app: t.app,
      close: async () => {},
    }));
    return { code, out: out.join('\n') };
  }

  function tokenIn(out: string): string {
    const link = /Onboarding link \(single use, valid 7 days\): (\S+)/.exec(out)?.[1] ?? '';
    expect(link.startsWith(`${base}/onboarding?token=`)).toBe(true);
    return new URL(link).searchParams.get('token') ?? '';
  }

  const api = (path: string, body?: Record<string, string>) =>
    fetch(`${base}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: body ? { 'content-type': 'application/json', origin: base } : {},
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  async function verifyWith(token: string, choice: string): Promise<Response> {
    const started = await api('/api/onboarding/verifications', { token });
    expect(started.status).toBe(200);
    const { authorization_url } = startVerificationResponseSchema.parse(await started.json());
    const returnUrl = await answerAtTestIdp(authorization_url, base, choice);
    return api('/api/onboarding/verifications/complete', {
      token,
      ...completionOf(returnUrl, `${base}/verify/id_process_id/`),
    });
  }

  it('verifies the identity, takes the verified name, sets a password, and the link is used up', async () => {
    const email = `erika.${engine}@example.com`;
    const made = await onboard([email, '--first-name', 'Eri']);
    expect(made.code).toBe(0);
    const token = tokenIn(made.out);
    // 256 bits, mailed as well; only its hash is stored.
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(t.mailer.lastTo(email).text).toContain(token);
    const stored = await t.app.db
      .selectFrom('one_time_tokens')
      .select('token_hash')
      .where('purpose', '=', 'onboarding')
      .execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    const info = await api(`/api/onboarding/info?token=${encodeURIComponent(token)}`);
    expect(onboardingInfoSchema.parse(await info.json())).toEqual({ email, identity: null });

    // No password before the identity is verified.
    const early = await api('/api/onboarding/finish', {
      token,
      password: 'a long enough passphrase',
    });
    expect(early.status).toBe(403);
    expect(await codeOf(early)).toBe('ONBOARDING_IDENTITY_REQUIRED');

    const completed = await verifyWith(token, 'preset-0');
    expect(completed.status).toBe(200);
    expect(onboardingInfoSchema.parse(await completed.json()).identity).toMatchObject({
      name: 'Erika Mustermann',
      acr: SUBSTANTIAL,
    });

    const finished = await api('/api/onboarding/finish', {
      token,
      password: 'a long enough passphrase',
    });
    expect(finished.status).toBe(204);
    expect(finished.headers.getSetCookie().join(';')).toContain('kuvert_session');

    const erika = await login(t.app, email, 'a long enough passphrase');
    expect(erika.body.first_name).toBe('Erika');
    expect(erika.body.accounts).toEqual([
      expect.objectContaining({ kind: 'personal', name: 'Erika Mustermann' }),
    ]);
    const identity = await t.app.inject({
      url: '/api/profile/identity',
      headers: { cookie: erika.cookie },
    });
    expect(identity.json().identity).toMatchObject({ name: 'Erika Mustermann' });

    // Single use: the link answers TOKEN_INVALID now, and a new link is refused for the address.
    const again = await api(`/api/onboarding/info?token=${encodeURIComponent(token)}`);
    expect(again.status).toBe(400);
    expect(await codeOf(again)).toBe('TOKEN_INVALID');
    expect((await onboard([email])).code).not.toBe(0);
  });

  it('refuses an expired link, an identity bound to someone else, and a replayed answer', async () => {
    const first = tokenIn((await onboard([`max.${engine}@example.com`])).out);
    expect((await verifyWith(first, 'preset-1')).status).toBe(200);

    // The same person again, through another link: the identity is bound to the first user.
    const second = tokenIn((await onboard([`max2.${engine}@example.com`])).out);
    const taken = await verifyWith(second, 'preset-1');
    expect(taken.status).toBe(409);
    expect(await codeOf(taken)).toBe('IDENTITY_TAKEN');

    // A replayed answer: the process completes once.
    const started = await api('/api/onboarding/verifications', { token: second });
    const { authorization_url } = startVerificationResponseSchema.parse(await started.json());
    const answer = completionOf(
      await answerAtTestIdp(authorization_url, base, 'preset-2'),
      `${base}/verify/id_process_id/`,
    );
    const ok = await api('/api/onboarding/verifications/complete', { token: second, ...answer });
    expect(ok.status).toBe(200);
    const replayed = await api('/api/onboarding/verifications/complete', {
      token: second,
      ...answer,
    });
    expect(await codeOf(replayed)).toBe('IDENTITY_PROCESS_USED');

    // An answer taken to another link is not its process.
    const third = tokenIn((await onboard([`other.${engine}@example.com`])).out);
    const foreign = await api('/api/onboarding/verifications/complete', {
      token: third,
      ...answer,
    });
    expect(await codeOf(foreign)).toBe('IDENTITY_RESPONSE_INVALID');

    // Seven days later the link no longer works.
    const expired = tokenIn((await onboard([`late.${engine}@example.com`])).out);
    await t.app.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(t.app.clock.now().getTime() - 1000).toISOString() })
      .where('purpose', '=', 'onboarding')
      .where('email', '=', `late.${engine}@example.com`)
      .execute();
    const late = await api(`/api/onboarding/info?token=${encodeURIComponent(expired)}`);
    expect(await codeOf(late)).toBe('TOKEN_INVALID');
  });

  it('refuses an address that has a login already, and a bad address, at the CLI', async () => {
    const existing = await onboard([`erika.${engine}@example.com`]);
    expect(existing.code).toBe(1);
    expect((await onboard(['not-an-address'])).code).toBe(2);
  });
});
