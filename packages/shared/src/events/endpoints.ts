import { endpoint } from '../api/index.ts';

export const eventEndpoints = {
  /** Server-sent events (`liveEventSchema`), read by an EventSource. */
  stream: endpoint({ method: 'GET', path: '/api/events' }),
};
