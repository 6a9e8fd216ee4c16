import type { VerifiedIdentity } from '@kuvert/shared/identity';
import type { VerifiedIdentityRow } from './identity.repository.ts';

export function toVerifiedIdentity(row: VerifiedIdentityRow): VerifiedIdentity {
  return {
    issuer: row.issuer,
    name: row.name,
    birth_date: row.birth_date,
    acr: row.acr,
    verified_at: new Date(row.verified_at).toISOString(),
    is_test: row.is_test === 1,
  };
}
