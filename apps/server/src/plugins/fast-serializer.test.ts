import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { letterPageSchema, type LetterSummary } from '@kuvert/shared/letters';
import { serializerCompiler } from './fast-serializer.ts';

function serializerFor(schema: z.ZodType): (data: unknown) => string {
  return serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });
}

const letter: LetterSummary = {
  id: 'l1',
  account_id: 'a1',
  direction: 'inbound',
  kind: 'invoice',
  subject: 'Rechnung "März" \\ Ä',
  excerpt: 'Zeile\u2028eins',
  provider: { id: 'p1', name: 'Stadtwerke', has_logo: false, is_verified: true },
  sender_person: null,
  recipients: [],
  created_at: '2026-03-01T10:00:00.000Z',
  is_read: false,
  folder_id: null,
  trashed_at: null,
  document_count: 2,
  delivery_status: 'delivered',
  invoice: {
    amount: 1999,
    currency: 'EUR',
    due_date: '2026-03-15',
    status: 'open',
    is_overdue: false,
  },
};

describe('fast serializer', () => {
  it('writes exactly what zod writes for a page of letters, without keys the schema lacks', () => {
    const page = {
      items: [
        { ...letter, secret: 'never sent' },
        { ...letter, id: 'l2', invoice: null, trashed_at: '2026-03-02T10:00:00.000Z' },
      ],
      next_cursor: null,
    };
    const written = serializerFor(letterPageSchema)(page);
    expect(written).toBe(JSON.stringify(z.encode(letterPageSchema, page)));
    expect(written).not.toContain('never sent');
  });

  it('writes a union whose options hold a nullable enum, null or not', () => {
    const schema = z.array(
      z.discriminatedUnion('type', [
        z.object({ type: z.literal('a'), status: z.enum(['open', 'paid']).nullable() }),
        z.object({ type: z.literal('b'), size: z.number() }),
      ]),
    );
    const data: z.infer<typeof schema> = [
      { type: 'a', status: null },
      { type: 'a', status: 'paid' },
      { type: 'b', size: 3 },
    ];
    expect(serializerFor(schema)(data)).toBe(JSON.stringify(z.encode(schema, data)));
  });

  it('leaves schemas that convert values to zod', () => {
    const schema = z.object({
      name: z.string().trim(),
      day: z.codec(z.iso.date(), z.date(), {
        decode: (text) => new Date(text),
        encode: (date) => date.toISOString().slice(0, 10),
      }),
    });
    const data = { name: '  Anna  ', day: new Date('2026-03-01T00:00:00Z') };
    expect(serializerFor(schema)(data)).toBe(JSON.stringify(z.encode(schema, data)));
  });

  it('refuses data that lacks a required field', () => {
    const incomplete: Partial<LetterSummary> = { ...letter };
    delete incomplete.invoice;
    expect(() =>
      serializerFor(letterPageSchema)({ items: [incomplete], next_cursor: null }),
    ).toThrow('"invoice" is required');
  });
});
