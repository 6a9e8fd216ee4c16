import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ErrorResponse } from '@kuvert/shared/errors';
import { defaultMessageOf, statusOf } from './app-error.ts';
import { contentDisposition, type ParsedRange } from './content-disposition.ts';

export interface SendableDocument {
  filename: string;
  contentType: string;
  size: number;
  etag: string;
  range: ParsedRange | undefined;
  stream: Readable;
}

/**
 * Streams a stored document. `nosniff` keeps the browser to the declared type; shown inline
 * it is sandboxed by CSP, so a crafted PDF or image can never run script on our origin.
 */
export function sendDocument(
  reply: FastifyReply,
  document: SendableDocument,
  disposition: 'inline' | 'attachment',
): FastifyReply {
  reply
    .header('content-type', document.contentType)
    .header('content-disposition', contentDisposition(disposition, document.filename))
    .header('x-content-type-options', 'nosniff')
    .header('accept-ranges', 'bytes')
    .header('etag', document.etag)
    .header('cache-control', 'private, no-store');
  if (disposition === 'inline') {
    reply.header(
      'content-security-policy',
      "sandbox; default-src 'none'; img-src data: blob:; style-src 'unsafe-inline'",
    );
  }
  const { range } = document;
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${document.size}`)
      .header('content-length', String(range.end - range.start + 1));
  } else {
    reply.header('content-length', String(document.size));
  }
  return reply.send(document.stream);
}

/** 416 with the error body, and the Content-Range of the whole size that RFC 9110 asks for. */
export function sendRangeNotSatisfiable(reply: FastifyReply, size: number): FastifyReply {
  const body: ErrorResponse = {
    code: 'RANGE_NOT_SATISFIABLE',
    message: defaultMessageOf('RANGE_NOT_SATISFIABLE'),
  };
  return reply
    .status(statusOf('RANGE_NOT_SATISFIABLE'))
    .header('content-range', `bytes */${size}`)
    .send(body);
}
