import { randomUUID } from 'node:crypto';
import { E2E_BASE_URL } from './environment.ts';
import { runKuvert } from './kuvert-cli.ts';
import { waitForMailLink } from './mail.ts';

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
}

/**
 * A user made the way operators make them: `kuvert user invite` (in their language, English
 * unless given), then the invitation link
 * from the captured mail, confirmed with a password through the API.
 */
export async function createInvitedUser(
  firstName = 'Erika',
  options: { language?: string } = {},
): Promise<TestUser> {
  const email = `e2e-${randomUUID().slice(0, 8)}@kuvert.test`;
  const password = `Correct horse ${randomUUID().slice(0, 6)}`;
  const language = options.language === undefined ? [] : ['--language', options.language];
  await runKuvert(['user', 'invite', email, '--first-name', firstName, ...language]);
  const link = await waitForMailLink(email, '/verify/email');
  const token = new URL(link).searchParams.get('token') ?? '';
  const response = await fetch(`${E2E_BASE_URL}/api/auth/email-verification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: E2E_BASE_URL },
    body: JSON.stringify({ token, password, first_name: firstName, last_name: 'Mustermann' }),
  });
  if (!response.ok)
    throw new Error(`verification failed: ${response.status} ${await response.text()}`);
  return { email, password, firstName };
}
