import { z } from 'zod';

/*
 * Personal access tokens (DESIGN §9): a person's own scripts read their letters through the
 * personal API (`/api/personal/v1`) with one of these, made and revoked in the profile.
 */

/** What a token may do: read letters and documents, or also mark letters read. */
export const accessTokenScopes = ['read', 'read_mark_read'] as const;
export type AccessTokenScope = (typeof accessTokenScopes)[number];

/** Live tokens a person may hold at once. */
export const MAX_ACTIVE_ACCESS_TOKENS = 20;
/** No token lives longer than this. */
export const MAX_ACCESS_TOKEN_DAYS = 366;
export const ACCESS_TOKEN_NAME_MAX_LENGTH = 80;
/** Every token begins with this, so a leaked one is recognised (secret scanners, logs). */
export const ACCESS_TOKEN_PREFIX = 'kvp_';

const tokenNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(ACCESS_TOKEN_NAME_MAX_LENGTH)
  .describe(`1–${ACCESS_TOKEN_NAME_MAX_LENGTH} characters, to tell tokens apart`);

export const createAccessTokenRequestSchema = z
  .object({
    name: tokenNameSchema,
    scope: z.enum(accessTokenScopes),
    /** The last day the token works (YYYY-MM-DD): tomorrow at the earliest, a year ahead at most. */
    expires_on: z.iso.date(),
  })
  .meta({ id: 'CreateAccessTokenRequest' });
export type CreateAccessTokenRequest = z.infer<typeof createAccessTokenRequestSchema>;

export const accessTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    scope: z.enum(accessTokenScopes),
    /** The first characters of the token, so it can be recognised; never the token. */
    prefix: z.string(),
    created_at: z.iso.datetime(),
    expires_at: z.iso.datetime(),
    last_used_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AccessToken' });
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const accessTokenListSchema = z.object({ tokens: z.array(accessTokenSchema) });
export type AccessTokenList = z.infer<typeof accessTokenListSchema>;

/** The answer to making a token: the only time the token itself is shown. */
export const createdAccessTokenSchema = z
  .object({ token: z.string(), access_token: accessTokenSchema })
  .meta({ id: 'CreatedAccessToken' });
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;
