import type { PersonalDataContributor } from '../../personal-data/personal-data-contributors.ts';
import { listRecentAuditEvents } from '../../plugins/audit.ts';
import { listLiveSessions } from '../../plugins/session-store.ts';
import { getIdentityStatus } from '../identity/identity.service.ts';
import { getUserById } from '../users/users.service.ts';
import { toActiveSession, toAuditEvents, toProfile } from './profile.presenter.ts';

/** Every security event a person could have; the log keeps them for a limited time anyway. */
const SECURITY_LOG_MAX = 100_000;

/**
 * The person themself: profile (name, address, language, notifications, verified identity),
 * mailboxes with their role, the sessions that are open, and the security log.
 */
export const profileExport: PersonalDataContributor = {
  name: 'profile',
  async contribute(app, scope, out) {
    const user = await getUserById(app.db, scope.userId);
    if (!user) return;
    await out.json('profile.json', {
      ...toProfile(user),
      notifications: {
        email_on_new_letter: user.email_on_new_letter === 1,
        email_due_date_reminders: user.email_due_date_reminders === 1,
      },
      identity: (await getIdentityStatus(app, scope.userId)).identity,
      mailboxes: scope.accounts.map((account) => ({
        id: account.id,
        name: account.name,
        kind: account.kind,
        role: account.role,
        is_own: account.isOwn,
      })),
    });
    out.count('profile');
    const sessions = await listLiveSessions(app.db, scope.userId, app.clock.now());
    await out.json(
      'sessions.json',
      sessions.map((session) => {
        const { is_current: _current, ...rest } = toActiveSession(session, '');
        return rest;
      }),
    );
    out.count('sessions', sessions.length);
    const events = toAuditEvents(
      await listRecentAuditEvents(app.db, scope.userId, SECURITY_LOG_MAX),
    );
    await out.json('security-log.json', events);
    out.count('security_events', events.length);
  },
};
