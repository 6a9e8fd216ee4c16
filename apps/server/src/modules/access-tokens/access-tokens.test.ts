import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ACTIVE_ACCESS_TOKENS } from '@kuvert/shared/access-tokens';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from '../../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../../test/helper.ts';
import { addDays, dayIn } from '../invoices/invoice-status.ts';
import { exportAccessTokenData, eraseAccessTokenData } from './access-token-personal-data.ts';
import { startOfDayIn } from './access-token-expiry.ts';

describe('the last day of a token, in TIME_ZONE', () => {
  it('ends at the first moment of the day after, there, summer and winter', () => {
    expect(startOfDayIn('2026-07-01', 'Europe/Berlin').toISOString()).toBe(
      '2026-06-30T22:00:00.000Z',
    );
    expect(startOfDayIn('2026-01-01', 'Europe/Berlin').toISOString()).toBe(
      '2025-12-31T23:00:00.000Z',
    );
    expect(startOfDayIn('2026-03-29', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(startOfDayIn('2026-01-01', 'America/New_York').toISOString()).toBe(
      '2026-01-01T05:00:00.000Z',
    );
  });
});

describe.each(testEngines)('personal access tokens in the profile (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let other: CreatedUser & LoggedIn;

  const today = () => dayIn(t.clock.now(), t.config.timeZone);
  const create = (user: LoggedIn, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/profile/access-tokens',
      headers: user.headers,
      payload: { name: 'Backup', scope: 'read', expires_on: addDays(today(), 30), ...body },
    });
  const list = (user: LoggedIn) =>
    t.app.inject({ url: '/api/profile/access-tokens', headers: user.headers });

  beforeAll(async () => {
    t = await createTestApp(engine);
    me = await createLoggedInUser(t.app);
    other = await createLoggedInUser(t.app);
  });
  afterAll(async () => t?.close());

  it('shows a new token once, then lists it by name and prefix, never the token or its hash', async () => {
    const response = await create(me, { name: 'NAS mirror', scope: 'read_mark_read' });
    expect(response.statusCode).toBe(201);
    const { token, access_token: created } = response.json();
    expect(token).toMatch(/^kvp_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'NAS mirror',
      scope: 'read_mark_read',
      last_used_at: null,
    });
    expect(token.startsWith(created.prefix)).toBe(true);
    const listed = await list(me);
    expect(listed.json().tokens).toEqual([created]);
    expect(listed.body).not.toContain(token);
    const stored = await t.app.db.selectFrom('personal_access_tokens').selectAll().execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    // Another person sees none of them, and cannot revoke them.
    expect((await list(other)).json().tokens).toEqual([]);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/profile/access-tokens/${created.id}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('expires on a day between tomorrow and a year ahead, in TIME_ZONE', async () => {
    const expiresOn = addDays(today(), 1);
    const tomorrow = await create(me, { expires_on: expiresOn });
    expect(tomorrow.statusCode).toBe(201);
    expect(tomorrow.json().access_token.expires_at).toBe(
      startOfDayIn(addDays(expiresOn, 1), t.config.timeZone).toISOString(),
    );
    expect((await create(me, { expires_on: addDays(today(), 365) })).statusCode).toBe(201);
    for (const day of [today(), addDays(today(), -3), addDays(today(), 400)]) {
      const refused = await create(me, { expires_on: day });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('ACCESS_TOKEN_EXPIRY_INVALID');
    }
    const malformed = await create(me, { expires_on: 'soon', scope: 'write', name: '' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION_FAILED');
  });

  it(`allows ${MAX_ACTIVE_ACCESS_TOKENS} live tokens, made at once or not, and a revoked one frees a place`, async () => {
    const person = await createLoggedInUser(t.app);
    const made = await Promise.all(
      Array.from({ length: MAX_ACTIVE_ACCESS_TOKENS + 4 }, (_, index) =>
        create(person, { name: `Token ${index}` }),
      ),
    );
    const statuses = made.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_ACTIVE_ACCESS_TOKENS);
    const refused = made.find((response) => response.statusCode === 409);
    expect(refused?.json().code).toBe('ACCESS_TOKEN_LIMIT_REACHED');
    const [first] = (await list(person)).json().tokens;
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/profile/access-tokens/${first.id}`,
      headers: person.headers,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await create(person, {})).statusCode).toBe(201);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/profile/access-tokens/${first.id}`,
      headers: person.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('records making and revoking in the security log', async () => {
    const person = await createLoggedInUser(t.app);
    const created = (await create(person, {})).json();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/profile/access-tokens/${created.access_token.id}`,
      headers: person.headers,
    });
    const log = await t.app.inject({ url: '/api/profile/audit-events', headers: person.headers });
    const types = log.json().events.map((event: { type: string }) => event.type);
    expect(types).toEqual(expect.arrayContaining(['access_token_created', 'access_token_revoked']));
  });

  it('exports the tokens as plain rows without hashes, and erases them all', async () => {
    const person = await createLoggedInUser(t.app);
    const { token } = (await create(person, { name: 'Exported' })).json();
    const rows = await exportAccessTokenData(t.app.db, person.user.id);
    expect(rows).toEqual([
      expect.objectContaining({ name: 'Exported', scope: 'read', revoked_at: null }),
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/token_hash|[0-9a-f]{64}/);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await eraseAccessTokenData(t.app.db, person.user.id)).toBe(1);
    expect(await exportAccessTokenData(t.app.db, person.user.id)).toEqual([]);
    const call = await t.app.inject({
      url: '/api/personal/v1/letters',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(call.statusCode).toBe(401);
  });
});
