import { endpoint } from '../api/index.ts';
import { searchQuerySchema, searchResultSchema } from './index.ts';

export const searchEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/api/search',
    query: searchQuerySchema,
    answer: searchResultSchema,
  }),
};
