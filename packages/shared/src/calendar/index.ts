import { z } from 'zod';

/*
 * The private calendar feed (DESIGN §9): an ICS address whose only credential is a secret in
 * it. Only the secret's hash is kept, so the address is shown once, when it is made; making a
 * new one ends the old one, and so does revoking it.
 */

/** The feed as the profile shows it: whether one exists, and since when. */
export const calendarFeedSchema = z
  .object({
    active: z.boolean(),
    created_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** A feed just made: its address, shown this once. */
export const createdCalendarFeedSchema = z
  .object({
    url: z.url().describe('The secret address to subscribe to; shown once'),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'CreatedCalendarFeed' });
export type CreatedCalendarFeed = z.infer<typeof createdCalendarFeedSchema>;

/** The secret in a feed address: 32 random bytes, base64url. */
export const CALENDAR_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** How often a subscribed calendar is asked to look again (REFRESH-INTERVAL, in the feed). */
export const CALENDAR_REFRESH_INTERVAL = 'PT1H';
