import { endpoint } from '../api/index.ts';
import { forwardingSettingsSchema, updateForwardingRequestSchema } from './index.ts';

export const forwardingEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/profile/forwarding',
    answer: forwardingSettingsSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/profile/forwarding',
    body: updateForwardingRequestSchema,
    answer: forwardingSettingsSchema,
  }),
};
