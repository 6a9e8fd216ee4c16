import type { AccessToken, AccessTokenScope } from '@kuvert/shared/access-tokens';
import type { AccessTokenRow } from './access-tokens.repository.ts';

export function toAccessTokenScope(scope: string): AccessTokenScope {
  return scope === 'read_mark_read' ? 'read_mark_read' : 'read';
}

/** Never the hash: the prefix is all a person needs to tell their tokens apart. */
export function toAccessToken(row: AccessTokenRow): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scope: toAccessTokenScope(row.scope),
    prefix: row.token_prefix,
    created_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
    last_used_at: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  };
}
