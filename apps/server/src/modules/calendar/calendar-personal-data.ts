import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { deleteFeedOfUser, findFeedOfUser } from './calendar-feeds.repository.ts';

/*
 * The calendar's part of a person's data, for the export and the account deletion: whether
 * they have a feed address and since when. The secret's hash never leaves the database.
 */

export interface CalendarData {
  calendar_feed: { created_at: string } | null;
}

export async function exportCalendarData(
  db: Kysely<Database>,
  userId: string,
): Promise<CalendarData> {
  const row = await findFeedOfUser(db, userId);
  return {
    calendar_feed: row ? { created_at: new Date(row.created_at).toISOString() } : null,
  };
}

/** Ends the person's feed address: it answers 404 from then on. */
export async function eraseCalendarData(db: Kysely<Database>, userId: string): Promise<void> {
  await deleteFeedOfUser(db, userId);
}
