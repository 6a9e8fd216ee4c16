import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from './app-error.ts';
import { isValidRangeHeader } from './content-disposition.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A path that names a file (an asset) or the API: the SPA fallback must never answer it. */
function isFallbackExcluded(urlPath: string): boolean {
  return (
    urlPath === '/api' ||
    urlPath.startsWith('/api/') ||
    urlPath.startsWith('/assets/') ||
    path.posix.extname(urlPath) !== ''
  );
}

function sendIndex(reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
  return reply.type('text/html; charset=utf-8').sendFile('index.html', { cacheControl: false });
}

/**
 * Serves the built web app: hashed assets cached forever, index.html never cached, and
 * index.html for every client-side route.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);

  // @fastify/send answers a malformed Range (`bytes=5-1`, `bytes=x`) with 416; RFC 9110 has
  // an invalid range set ignored, so it is dropped here and the whole file is sent (200). A
  // well-formed range past the end stays a 416, with the error body (error-handler.ts).
  app.addHook('onRequest', async (request) => {
    const { range } = request.raw.headers;
    if (range !== undefined && !isValidRangeHeader(range)) delete request.raw.headers.range;
  });
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      wildcard: true,
      // Also runs for the index.html fallback sent by the not-found handler below.
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
        const policy = filePath === indexFile ? 'no-store' : 'no-cache';
        reply.header('cache-control', isHashedAsset ? IMMUTABLE : policy);
      },
    });
  }

  if (hasBuild) {
    // The static wildcard would treat `/` as a directory listing and refuse it.
    app.get('/', { config: { auth: 'public' }, schema: { hide: true } }, (_request, reply) =>
      sendIndex(reply),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (!hasBuild || !isPageRequest || isFallbackExcluded(urlPath)) {
      throw new AppError('NOT_FOUND');
    }
    return sendIndex(reply);
  });
}
