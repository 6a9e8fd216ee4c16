import { z } from 'zod';
// Not '../letters/index.ts': that one imports this file.
import { deliveryStatusSchema } from '../letters/delivery-status.ts';
import { postalAddressSchema } from '../postal/index.ts';
import { printLanguageSchema } from './print-language.ts';

export const recipientChannels = ['provider', 'kuvert', 'postal'] as const;
export const recipientChannelSchema = z.enum(recipientChannels);
export type RecipientChannel = z.infer<typeof recipientChannelSchema>;

/** One recipient of a sent letter, as lists show it. */
export const letterRecipientSummarySchema = z
  .object({
    id: z.string(),
    channel: recipientChannelSchema,
    /** The person, organisation or provider as written on the letter. */
    name: z.string(),
    status: deliveryStatusSchema,
  })
  .meta({ id: 'LetterRecipientSummary' });
export type LetterRecipientSummary = z.infer<typeof letterRecipientSummarySchema>;

/** One recipient of a sent letter in full, on the letter's page. */
export const letterRecipientSchema = letterRecipientSummarySchema
  .extend({
    /** kuvert: the address written to. */
    email: z.string().nullable(),
    provider_id: z.string().nullable(),
    /** postal: the address as printed. */
    address: postalAddressSchema.nullable(),
    failure_reason: z.string().nullable(),
    /** postal: the language its date and page labels are printed in (null: sent before). */
    print_language: printLanguageSchema.nullable(),
    /** postal: the print-ready PDF exists (see `printPdfPath`). */
    has_print_pdf: z.boolean(),
    /** When the status last changed. */
    status_at: z.iso.datetime(),
  })
  .meta({ id: 'LetterRecipient' });
export type LetterRecipient = z.infer<typeof letterRecipientSchema>;

export const printPdfPath = (letterId: string, recipientId: string) =>
  `/api/letters/${encodeURIComponent(letterId)}/recipients/${encodeURIComponent(recipientId)}/print.pdf`;
