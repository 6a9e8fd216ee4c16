import { endpoint } from '../api/index.ts';
import {
  renameUploadRequestSchema,
  uploadDetailSchema,
  uploadListQuerySchema,
  uploadListSchema,
  uploadSelectionSchema,
  uploadsInProgressQuerySchema,
  uploadsInProgressSchema,
  uploadTableQuerySchema,
  uploadTableSchema,
  uploadUsageQuerySchema,
  uploadUsageSchema,
  UPLOADS_TUS_PATH,
} from './index.ts';

export const uploadEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/uploads',
    query: uploadListQuerySchema,
    answer: uploadListSchema,
  }),
  get: endpoint({ method: 'GET', path: '/api/uploads/:id', answer: uploadDetailSchema }),
  rename: endpoint({
    method: 'PATCH',
    path: '/api/uploads/:id',
    body: renameUploadRequestSchema,
    answer: uploadDetailSchema,
  }),
  table: endpoint({
    method: 'GET',
    path: '/api/uploads/:id/table',
    query: uploadTableQuerySchema,
    answer: uploadTableSchema,
  }),
  usage: endpoint({
    method: 'GET',
    path: '/api/uploads/usage',
    query: uploadUsageQuerySchema,
    answer: uploadUsageSchema,
  }),
  trash: endpoint({ method: 'POST', path: '/api/uploads/trash', body: uploadSelectionSchema }),
  restore: endpoint({ method: 'POST', path: '/api/trash/uploads/:id/restore' }),
  inProgress: endpoint({
    method: 'GET',
    path: '/api/uploads/in-progress',
    query: uploadsInProgressQuerySchema,
    answer: uploadsInProgressSchema,
  }),
  cancelInProgress: endpoint({ method: 'DELETE', path: '/api/uploads/in-progress/:id' }),
  /** A ZIP of the selected uploads, read as a file by the caller. */
  download: endpoint({
    method: 'POST',
    path: '/api/uploads/download',
    body: uploadSelectionSchema,
  }),
  /** The upload's bytes, `?disposition=inline|attachment`. */
  content: endpoint({ method: 'GET', path: '/api/uploads/:id/content' }),
  thumbnail: endpoint({ method: 'GET', path: '/api/uploads/:id/thumbnail' }),
  /** The tus protocol's creation endpoint; the tus client speaks it. */
  tus: endpoint({ method: 'POST', path: UPLOADS_TUS_PATH }),
  /** tus: the protocol version, extensions and the largest file accepted. */
  tusOptions: endpoint({ method: 'OPTIONS', path: UPLOADS_TUS_PATH }),
  /** tus: how many bytes of an upload the server has (`Upload-Offset`). */
  tusOffset: endpoint({ method: 'HEAD', path: `${UPLOADS_TUS_PATH}/:id` }),
  /** tus: the next bytes of an upload, as `application/offset+octet-stream`. */
  tusAppend: endpoint({ method: 'PATCH', path: `${UPLOADS_TUS_PATH}/:id` }),
  /** tus termination: cancel an upload. */
  tusCancel: endpoint({ method: 'DELETE', path: `${UPLOADS_TUS_PATH}/:id` }),
};
