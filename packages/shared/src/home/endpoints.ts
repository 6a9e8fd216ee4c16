import { endpoint } from '../api/index.ts';
import { accountQuerySchema, homeSummarySchema } from './index.ts';

export const homeEndpoints = {
  summary: endpoint({
    method: 'GET',
    path: '/api/home',
    query: accountQuerySchema,
    answer: homeSummarySchema,
  }),
};
