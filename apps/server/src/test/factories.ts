import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SessionResponse } from '@kuvert/shared/auth';
import { sessionResponseSchema } from '@kuvert/shared/auth';
import { createUser, type NewUserInput, type UserRow } from '../modules/users/users.service.ts';
import { hashPasswordAtCost } from '../plugins/passwords.ts';

export const DEFAULT_PASSWORD = 'correct horse battery staple';

let userCounter = 0;

export interface CreatedUser {
  user: UserRow;
  email: string;
  password: string;
}

/**
 * Argon2id at its smallest cost: a real hash of the password that logging in checks, for a
 * fraction of a millisecond instead of the ~50 ms the production cost takes twice per user
 * (hash, then log in) — minutes of CPU over the suite's thousands of users.
 */
const TEST_PASSWORD_COST = { memory: 64, passes: 1, parallelism: 1 } as const;
const testHashes = new Map<string, Promise<string>>();

function testHashOf(password: string): Promise<string> {
  let hash = testHashes.get(password);
  if (!hash) {
    hash = hashPasswordAtCost(password, TEST_PASSWORD_COST);
    testHashes.set(password, hash);
  }
  return hash;
}

/** A verified user who can log in; e-mail unique per call unless given. */
export async function createUserWithPassword(
  app: FastifyInstance,
  overrides: Partial<NewUserInput> & { password?: string; isEmailVerified?: boolean } = {},
): Promise<CreatedUser> {
  userCounter += 1;
  const email = overrides.email ?? `user${userCounter}-${Date.now()}@example.com`;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const user = await createUser(app, {
    firstName: 'Test',
    lastName: `User ${userCounter}`,
    isEmailVerified: true,
    ...overrides,
    email,
    passwordHash: await testHashOf(password),
  });
  return { user, email: user.email, password };
}

export interface LoggedIn {
  /** `name=value`, ready for a Cookie header. */
  cookie: string;
  csrf: string;
  loginToken: string;
  body: SessionResponse;
  /** Headers for a state-changing request of this session. */
  headers: { cookie: string; 'x-csrf-token': string };
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((candidate) => candidate.name.endsWith('kuvert_session'));
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}`);
  return `${cookie.name}=${cookie.value}`;
}

export async function login(
  app: FastifyInstance,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<LoggedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers,
    payload: { email, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  }
  const body = sessionResponseSchema.parse(response.json());
  const cookie = sessionCookieOf(response);
  return {
    cookie,
    csrf: body.csrf_token,
    loginToken: body.login_token,
    body,
    headers: { cookie, 'x-csrf-token': body.csrf_token },
  };
}

/** A user who is logged in, for tests about what logged-in users can do. */
export async function createLoggedInUser(
  app: FastifyInstance,
  overrides: Parameters<typeof createUserWithPassword>[1] = {},
): Promise<CreatedUser & LoggedIn> {
  const created = await createUserWithPassword(app, overrides);
  return { ...created, ...(await login(app, created.email, created.password)) };
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const link = text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return link;
}
