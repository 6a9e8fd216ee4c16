import { profileEndpoints } from '@kuvert/shared/profile/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationPreferencesSchema,
  type NotificationPreferences,
} from '@kuvert/shared/profile';
import { AppError } from '../../plugins/app-error.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { changeUser, getUserById, type UserRow } from '../users/users.service.ts';

function toPreferences(user: UserRow): NotificationPreferences {
  return {
    email_on_new_letter: user.email_on_new_letter === 1,
    email_due_date_reminders: user.email_due_date_reminders === 1,
  };
}

export async function getNotificationPreferences(
  app: FastifyInstance,
  userId: string,
): Promise<NotificationPreferences> {
  const user = await getUserById(app.db, userId);
  if (!user) throw new AppError('NOT_FOUND');
  return toPreferences(user);
}

export async function updateNotificationPreferences(
  app: FastifyInstance,
  userId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  const user = await changeUser(app, app.db, userId, {
    email_on_new_letter: preferences.email_on_new_letter ? 1 : 0,
    email_due_date_reminders: preferences.email_due_date_reminders ? 1 : 0,
  });
  return toPreferences(user);
}

/** GET/PUT /profile/notifications: which e-mails the user wants. */
export const notificationPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    declared.get(profileEndpoints.notifications),
    {
      schema: {
        tags: ['profile'],
        summary: "The caller's e-mail notification preferences",
        response: { 200: notificationPreferencesSchema, ...errorResponses(401) },
      },
    },
    async (request) => getNotificationPreferences(app, requireSession(request).userId),
  );

  app.put(
    declared.put(profileEndpoints.updateNotifications),
    {
      schema: {
        tags: ['profile'],
        summary: 'Change the e-mail notification preferences',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      updateNotificationPreferences(app, requireSession(request).userId, request.body),
  );
};
