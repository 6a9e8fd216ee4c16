import { argon2, randomBytes, timingSafeEqual, type Argon2Parameters } from 'node:crypto';
import { AppError } from './app-error.ts';

/** OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane): ~25 ms per hash on a laptop. */
const CURRENT = { memory: 19_456, passes: 2, parallelism: 1 } as const;
const TAG_LENGTH = 32;
const NONCE_LENGTH = 16;

const PHC_PATTERN =
  /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function deriveKey(parameters: Argon2Parameters): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2('argon2id', parameters, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** PHC strings use standard base64 without padding. */
function toPhcBase64(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}

export type PasswordCost = Pick<Argon2Parameters, 'memory' | 'passes' | 'parallelism'>;

export function hashPassword(password: string): Promise<string> {
  return hashPasswordAtCost(password, CURRENT);
}

/**
 * At the given cost, which `verifyPassword` reads back from the hash. Only tests choose their
 * own: users they create by the thousand need no protection from offline guessing.
 */
export async function hashPasswordAtCost(password: string, cost: PasswordCost): Promise<string> {
  const nonce = randomBytes(NONCE_LENGTH);
  const tag = await deriveKey({ ...cost, message: password, nonce, tagLength: TAG_LENGTH });
  const { memory, passes, parallelism } = cost;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${toPhcBase64(nonce)}$${toPhcBase64(tag)}`;
}

/** Verifies against the parameters stored in the hash, so they can be raised later. */
export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const match = PHC_PATTERN.exec(phc);
  if (!match) return false;
  const [, memory, passes, parallelism, nonce, expected] = match;
  const expectedTag = Buffer.from(expected ?? '', 'base64');
  const tag = await deriveKey({
    message: password,
    nonce: Buffer.from(nonce ?? '', 'base64'),
    memory: Number(memory),
    passes: Number(passes),
    parallelism: Number(parallelism),
    tagLength: expectedTag.length,
  });
  return tag.length === expectedTag.length && timingSafeEqual(tag, expectedTag);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification, for unknown e-mails and users without a
 * password, so response times do not tell which addresses have a login.
 */
export async function spendPasswordVerification(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
}

/** Passwords attackers try first; all at least the minimum length, compared lowercased. */
const COMMON_PASSWORDS = new Set([
  'password123',
  'password1234',
  'password12345',
  'passwort123',
  'passwort1234',
  '1234567890',
  '12345678910',
  '0987654321',
  '123456789a',
  'qwertyuiop',
  'qwertzuiop',
  'qwerty1234',
  'qwerty123456',
  'asdfghjkl1',
  'iloveyou123',
  'letmein123',
  'welcome123',
  'willkommen',
  'willkommen1',
  'hallo12345',
  'changeme123',
  'abcdefghij',
  'abc1234567',
  'administrator',
  'kuvert12345',
]);

/** Length is checked by the request schema; this rejects passwords that are guessed first anyway. */
export function assertPasswordStrongEnough(password: string, email: string): void {
  const lowered = password.trim().toLowerCase();
  const localPart = email.split('@')[0] ?? '';
  const isSingleCharacter = new Set(lowered).size <= 1;
  if (
    lowered === email.toLowerCase() ||
    lowered === localPart.toLowerCase() ||
    isSingleCharacter ||
    COMMON_PASSWORDS.has(lowered)
  ) {
    throw new AppError('PASSWORD_TOO_WEAK');
  }
}
