import { z } from 'zod';
import { errorCodes } from '../constants/index.ts';

export { errorCodes };

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorResponseSchema = z
  .object({
    code: errorCodeSchema,
    message: z.string(),
    details: z.unknown().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * Field-level problems sent in `details` with VALIDATION_FAILED. `message` is English for API
 * clients; `i18n` (a web translation key) and `values` (its interpolations) are set where a
 * rule has its own translated message, e.g. a postcode that does not fit its country.
 */
export const fieldIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
  i18n: z.string().optional(),
  values: z.record(z.string(), z.string()).optional(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;
