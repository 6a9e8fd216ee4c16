import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { E2E_BASE_URL, REPO_ROOT, serverEnvironment } from './environment.ts';
import { waitForMailLink } from './mail.ts';

const run = promisify(execFile);

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
}

/**
 * A user made the way operators make them: `kuvert user invite`, then the invitation link
 * from the captured mail, confirmed with a password through the API.
 */
export async function createInvitedUser(firstName = 'Erika'): Promise<TestUser> {
  const email = `e2e-${randomUUID().slice(0, 8)}@kuvert.test`;
  const password = `Correct horse ${randomUUID().slice(0, 6)}`;
  await run(
    process.execPath,
    [
      path.join(REPO_ROOT, 'apps/server/src/cli.ts'),
      'user',
      'invite',
      email,
      '--first-name',
      firstName,
    ],
    { env: { ...process.env, ...serverEnvironment() } },
  );
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
