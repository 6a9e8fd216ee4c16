import { endpoint } from '../api/index.ts';

export const healthEndpoints = {
  /** Liveness and database reachability, for load balancers and the start script. */
  check: endpoint({ method: 'GET', path: '/api/health' }),
  /**
   * Readiness: 200 only when the database and the document store answer, every migration is
   * applied and the instance is not draining; 503 naming the failed checks otherwise.
   */
  ready: endpoint({ method: 'GET', path: '/api/ready' }),
};
