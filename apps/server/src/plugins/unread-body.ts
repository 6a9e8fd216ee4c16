import type { FastifyInstance } from 'fastify';

/**
 * Drains what is left of a request body once its answer has gone out. A route may answer
 * before it has read the whole body: a multipart upload refused at its first part, with
 * megabytes still to come. The parser it was piped into then waits for a reader that never
 * comes and holds the body back, so the connection reads nothing more: a client waiting to
 * finish its upload, and every later request on that keep-alive connection, would never get
 * an answer. Node pulls a body off the wire by itself only when nobody began to read it;
 * this does the same for one left half-read, dropping the rest.
 */
export function registerUnreadBodyDrain(app: FastifyInstance): void {
  app.addHook('onResponse', (request, _reply, done) => {
    const incoming = request.raw;
    if (!incoming.readableEnded && !incoming.destroyed) {
      incoming.unpipe();
      incoming.resume();
    }
    done();
  });
}
