import { z } from 'zod';
import { letterDocumentRoleSchema } from '../letters/index.ts';

/*
 * The personal API (/api/personal/v1): a person's own scripts mirror their letters, behind a
 * personal access token (`Authorization: Bearer kvp_…`) made in the profile.
 */

export const PERSONAL_LETTERS_DEFAULT_LIMIT = 50;
export const PERSONAL_LETTERS_MAX_LIMIT = 200;
/** A cursor is a short opaque string; anything longer is not one of ours. */
export const PERSONAL_CURSOR_MAX_LENGTH = 200;

export const personalLetterQuerySchema = z.object({
  since: z
    .string()
    .min(1)
    .max(PERSONAL_CURSOR_MAX_LENGTH)
    .optional()
    .describe('The next_cursor of the previous page; left out: from the first letter'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PERSONAL_LETTERS_MAX_LIMIT)
    .default(PERSONAL_LETTERS_DEFAULT_LIMIT)
    .describe(`Letters per page, 1–${PERSONAL_LETTERS_MAX_LIMIT}`),
});
export type PersonalLetterQuery = z.infer<typeof personalLetterQuerySchema>;

export const personalLetterDocumentSchema = z
  .object({
    id: z.string(),
    role: letterDocumentRoleSchema,
    filename: z.string(),
    content_type: z.string(),
    size: z.number().int(),
  })
  .meta({ id: 'PersonalLetterDocument' });
export type PersonalLetterDocument = z.infer<typeof personalLetterDocumentSchema>;

export const personalLetterSchema = z
  .object({
    id: z.string(),
    mailbox: z.object({ id: z.string(), name: z.string() }),
    provider: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .describe('The provider that sent it (or that a reply went to); null between Kuvert users'),
    sender_name: z.string().nullable().describe('Set for a letter from another Kuvert user'),
    direction: z.enum(['inbound', 'outbound']),
    kind: z.string().describe('letter, invoice or signature_request'),
    subject: z.string(),
    created_at: z.iso.datetime().describe('When the letter arrived'),
    read_at: z.iso.datetime().nullable(),
    trashed_at: z.iso.datetime().nullable().describe('Set while the letter is in the trash'),
    invoice_due_date: z.string().nullable(),
    documents: z.array(personalLetterDocumentSchema),
  })
  .meta({ id: 'PersonalLetter' });
export type PersonalLetter = z.infer<typeof personalLetterSchema>;

export const personalLetterPageSchema = z
  .object({
    items: z.array(personalLetterSchema).describe('Oldest first, in the order they arrived'),
    next_cursor: z
      .string()
      .describe('Pass as `since` next time: the letters after the last one of this page'),
    has_more: z.boolean().describe('More letters wait: ask again with next_cursor at once'),
  })
  .meta({ id: 'PersonalLetterPage' });
export type PersonalLetterPage = z.infer<typeof personalLetterPageSchema>;
