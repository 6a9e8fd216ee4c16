import { deleteLiveEventsOfAccounts } from '../plugins/live-event-store.ts';
import type { PersonalDataEraser } from './personal-data-erasers.ts';

/**
 * The live events of the mailboxes that go (subjects and senders of new letters). Those of
 * mailboxes that stay belong to their other members and leave with the replay window.
 */
export const liveEventErasure: PersonalDataEraser = {
  name: 'live-events',
  columns: ['live_events.account_id'],
  erase: (db, _userId, subject) => deleteLiveEventsOfAccounts(db, subject.erasedAccountIds),
};
