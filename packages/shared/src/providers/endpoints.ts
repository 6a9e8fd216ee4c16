import { endpoint } from '../api/index.ts';
import { accountProviderListSchema } from './index.ts';

export const providerEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/providers', answer: accountProviderListSchema }),
  /** The provider's logo image. */
  logo: endpoint({ method: 'GET', path: '/api/providers/:id/logo' }),
};
