import { endpoint } from '../api/index.ts';
import {
  activeSessionListSchema,
  auditEventListSchema,
  changePasswordRequestSchema,
  notificationPreferencesSchema,
  patchProfileRequestSchema,
  profileSchema,
  updateProfileRequestSchema,
} from './index.ts';

export const profileEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/profile', answer: profileSchema }),
  /** Name and language, both sent. */
  update: endpoint({
    method: 'PUT',
    path: '/api/profile',
    body: updateProfileRequestSchema,
    answer: profileSchema,
  }),
  /** `answer` is left unread by callers that only send a change (the language). */
  patch: endpoint({
    method: 'PATCH',
    path: '/api/profile',
    body: patchProfileRequestSchema,
    answer: profileSchema,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/profile/password',
    body: changePasswordRequestSchema,
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/api/profile/sessions',
    answer: activeSessionListSchema,
  }),
  revokeSession: endpoint({ method: 'DELETE', path: '/api/profile/sessions/:id' }),
  logOutOtherSessions: endpoint({ method: 'POST', path: '/api/profile/sessions/log-out-others' }),
  auditEvents: endpoint({
    method: 'GET',
    path: '/api/profile/audit-events',
    answer: auditEventListSchema,
  }),
  notifications: endpoint({
    method: 'GET',
    path: '/api/profile/notifications',
    answer: notificationPreferencesSchema,
  }),
  updateNotifications: endpoint({
    method: 'PUT',
    path: '/api/profile/notifications',
    body: notificationPreferencesSchema,
    answer: notificationPreferencesSchema,
  }),
};
