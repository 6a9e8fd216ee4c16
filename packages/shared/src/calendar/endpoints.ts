import { endpoint } from '../api/index.ts';
import { calendarFeedSchema, createdCalendarFeedSchema } from './index.ts';

export const calendarEndpoints = {
  /** Whether the caller has a feed address, and since when (never the address itself). */
  get: endpoint({ method: 'GET', path: '/api/profile/calendar-feed', answer: calendarFeedSchema }),
  /** Makes the feed address, or a new one in place of the old (which then answers 404). */
  create: endpoint({
    method: 'POST',
    path: '/api/profile/calendar-feed',
    answer: createdCalendarFeedSchema,
  }),
  /** Ends the feed address. */
  revoke: endpoint({ method: 'DELETE', path: '/api/profile/calendar-feed' }),
  /** The feed itself (text/calendar), public: the secret in the address is the credential. */
  feed: endpoint({ method: 'GET', path: '/api/public/calendar/:secret' }),
  /** One letter's due date as an .ics file to open in a calendar. */
  letterEvent: endpoint({ method: 'GET', path: '/api/letters/:id/calendar.ics' }),
};
