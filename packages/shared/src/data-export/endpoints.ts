import { endpoint } from '../api/index.ts';
import { dataExportSchema, latestDataExportSchema } from './index.ts';

export const dataExportEndpoints = {
  latest: endpoint({
    method: 'GET',
    path: '/api/profile/data-export',
    answer: latestDataExportSchema,
  }),
  request: endpoint({
    method: 'POST',
    path: '/api/profile/data-export',
    answer: dataExportSchema,
  }),
  /** The ZIP itself (not read as JSON: the browser downloads it). */
  downloadPart: endpoint({
    method: 'GET',
    path: '/api/profile/data-export/:id/parts/:part',
  }),
};
