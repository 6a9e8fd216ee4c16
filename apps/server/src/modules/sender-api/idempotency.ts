import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import {
  findIdempotencyRecord,
  insertIdempotencyRecord,
  type IdempotencyRow,
} from './sender-api.repository.ts';

/*
 * The Sender API honours an Idempotency-Key on every POST (DESIGN.md §6), all in one way: a
 * retry with the same key and the same request gets the first answer, the key is refused for
 * any other request, and of two concurrent requests with one key only one takes effect.
 */

/** The Idempotency-Key header, when the provider sent one. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' ? key : undefined;
}

/** Same request → same fingerprint: SHA-256 over a JSON description of what was asked. */
export function fingerprintOf(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

export interface IdempotentRequest<T> {
  providerId: string;
  key: string | undefined;
  fingerprint: string;
  /** The HTTP status of the first answer, kept with it. */
  responseStatus: number;
  /** Reads a stored answer back. */
  responseSchema: z.ZodType<T>;
}

/** Stores the answer under the key, in the transaction that does the work. */
export type RememberAnswer<T> = (trx: Kysely<Database>, answer: T) => Promise<void>;

function replay<T>(record: IdempotencyRow, request: IdempotentRequest<T>): T {
  if (record.fingerprint !== request.fingerprint) {
    throw new AppError('CONFLICT', {
      message: 'This Idempotency-Key was used for a different request.',
    });
  }
  return request.responseSchema.parse(JSON.parse(record.response_body));
}

/**
 * Runs `perform` once per key. `perform` must call `remember` inside the transaction that
 * does its work: a retry then finds the key and gets the first answer; a concurrent duplicate
 * fails on the key's primary key, its transaction rolls back, and it answers the winner's.
 */
export async function runIdempotently<T>(
  app: FastifyInstance,
  request: IdempotentRequest<T>,
  perform: (remember: RememberAnswer<T>) => Promise<T>,
): Promise<T> {
  const { key } = request;
  if (key === undefined) return perform(async () => {});
  const existing = await findIdempotencyRecord(app.db, request.providerId, key);
  if (existing) return replay(existing, request);
  try {
    return await perform(async (trx, answer) => {
      await insertIdempotencyRecord(trx, {
        provider_id: request.providerId,
        key,
        fingerprint: request.fingerprint,
        status: 'completed',
        response_status: request.responseStatus,
        response_body: JSON.stringify(answer),
        created_at: app.clock.now().toISOString(),
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await findIdempotencyRecord(app.db, request.providerId, key);
    if (!winner) throw error;
    return replay(winner, request);
  }
}
