import type { IdentitySettings } from '../../config/env.ts';
import { AppError } from '../../plugins/app-error.ts';

/** OpenID Connect's `birthdate`: YYYY-MM-DD, or YYYY where only the year is disclosed. */
const BIRTH_DATE = /^\d{4}(-\d{2}-\d{2})?$/;
const NAME_MAX_LENGTH = 300;

export interface ConfirmedPerson {
  name: string;
  birthDate: string | null;
}

function textClaim(claims: Record<string, unknown>, name: string): string | undefined {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The name and birth date the operator's claims give. Userinfo first, the ID token where
 * userinfo is silent. A provider that names nobody has verified nobody: IDENTITY_REJECTED.
 */
export function confirmedPerson(
  settings: Pick<IdentitySettings, 'nameClaims' | 'birthdateClaim'>,
  userinfo: Record<string, unknown>,
  idToken: Record<string, unknown>,
): ConfirmedPerson {
  const claim = (name: string) => textClaim(userinfo, name) ?? textClaim(idToken, name);
  const name = settings.nameClaims
    .map(claim)
    .filter((part) => part !== undefined)
    .join(' ')
    .replace(/\s+/g, ' ')
    .slice(0, NAME_MAX_LENGTH);
  if (name === '') {
    throw new AppError('IDENTITY_REJECTED', {
      message: 'The identity provider did not tell your name; nothing was stored.',
    });
  }
  const birthDate = claim(settings.birthdateClaim);
  return {
    name,
    birthDate: birthDate !== undefined && BIRTH_DATE.test(birthDate) ? birthDate : null,
  };
}
