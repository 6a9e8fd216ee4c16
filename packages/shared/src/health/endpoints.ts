import { endpoint } from '../api/index.ts';

export const healthEndpoints = {
  /** Liveness and database reachability, for load balancers and the start script. */
  check: endpoint({ method: 'GET', path: '/api/health' }),
};
