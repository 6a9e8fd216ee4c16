import { endpoint } from '../api/index.ts';
import {
  accessTokenListSchema,
  createAccessTokenRequestSchema,
  createdAccessTokenSchema,
} from './index.ts';

/** The profile's personal access tokens (the personal API's credentials). */
export const accessTokenEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/profile/access-tokens',
    answer: accessTokenListSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/profile/access-tokens',
    body: createAccessTokenRequestSchema,
    answer: createdAccessTokenSchema,
  }),
  revoke: endpoint({ method: 'DELETE', path: '/api/profile/access-tokens/:id' }),
};
