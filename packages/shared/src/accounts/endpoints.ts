import { endpoint } from '../api/index.ts';
import { accountListSchema } from './index.ts';

export const accountEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/accounts', answer: accountListSchema }),
};
