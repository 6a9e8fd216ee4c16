import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createAccount } from '../accounts/accounts.service.ts';
import { createUser, hasUsers } from '../users/users.service.ts';
import { seedDemoCaseFiles } from './demo-case-files.ts';
import { seedDemoMailbox } from './demo-mailbox.ts';

export const DEMO_EMAIL = 'demo@kuvert.example';

const WORDS = [
  'amber',
  'anchor',
  'apple',
  'birch',
  'breeze',
  'candle',
  'canyon',
  'cedar',
  'cloud',
  'copper',
  'coral',
  'harbor',
  'hazel',
  'island',
  'lantern',
  'maple',
  'meadow',
  'orbit',
  'pebble',
  'pepper',
  'prairie',
  'raven',
  'river',
  'saffron',
  'sparrow',
  'summit',
  'thistle',
  'timber',
  'velvet',
  'willow',
];

/** Three words and two digits: easy to type from the console, not guessable. */
function readablePassword(): string {
  const words = Array.from({ length: 3 }, () => WORDS[randomInt(WORDS.length)] ?? 'kuvert');
  return `${words.join('-')}-${String(randomInt(10, 100))}`;
}

/**
 * On an empty database, creates a demo login with a personal and a shared mailbox, and a
 * dozen letters from demo providers, two case files with some of them, so a first start shows
 * a working portal. Returns null when there are users already.
 */
export async function seedDemo(
  app: FastifyInstance,
): Promise<{ email: string; password: string } | null> {
  if (await hasUsers(app)) return null;
  const password = readablePassword();
  const user = await createUser(app, {
    email: DEMO_EMAIL,
    password,
    firstName: 'Alex',
    lastName: 'Muster',
    language: 'en',
    isEmailVerified: true,
  });
  await createAccount(app, app.db, { name: 'Muster household', kind: 'shared', userId: user.id });
  const letters = await seedDemoMailbox(app, {
    email: user.email,
    name: 'Alex Muster',
    userId: user.id,
  });
  await seedDemoCaseFiles(app, user, letters);
  return { email: DEMO_EMAIL, password };
}
