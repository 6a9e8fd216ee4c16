import { calendarEndpoints } from '@kuvert/shared/calendar/endpoints';
import { calendarFeedSchema, createdCalendarFeedSchema } from '@kuvert/shared/calendar';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { declared } from '../../plugins/declared-routes.ts';
import { requestOrigin } from '../../plugins/audit.ts';
import { contentDisposition } from '../../plugins/content-disposition.ts';
import { binaryResponse, errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { renderLetterEvent } from './calendar-events.service.ts';
import {
  createCalendarFeed,
  getCalendarFeed,
  renderCalendarFeed,
  revokeCalendarFeed,
} from './calendar-feeds.service.ts';

const ICS_TYPE = 'text/calendar; charset=utf-8';
const secretParamsSchema = z.object({ secret: z.string().min(1).max(128) });
const letterParamsSchema = z.object({ id: z.string().min(1).max(128) });

/** The private calendar feed of due dates, and each letter's due date as an .ics file. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    declared.get(calendarEndpoints.get),
    {
      schema: {
        tags: ['profile'],
        summary: 'Whether the caller has a calendar feed address (never the address itself)',
        response: { 200: calendarFeedSchema, ...errorResponses(401) },
      },
    },
    async (request) => getCalendarFeed(app, requireSession(request).userId),
  );

  app.post(
    declared.post(calendarEndpoints.create),
    {
      schema: {
        tags: ['profile'],
        summary: 'Make the calendar feed address, or a new one that ends the old; shown once',
        response: { 201: createdCalendarFeedSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const created = await createCalendarFeed(
        app,
        requireSession(request).userId,
        requestOrigin(request),
      );
      return reply.status(201).send(created);
    },
  );

  app.delete(
    declared.delete(calendarEndpoints.revoke),
    {
      schema: {
        tags: ['profile'],
        summary: 'End the calendar feed address',
        response: { 204: noContentSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await revokeCalendarFeed(app, requireSession(request).userId, requestOrigin(request));
      return reply.status(204).send();
    },
  );

  app.get(
    declared.get(calendarEndpoints.feed),
    {
      config: { auth: 'public' },
      schema: {
        tags: ['profile'],
        summary:
          'The calendar feed (iCalendar) of open due dates; public: the secret in the address is the credential',
        params: secretParamsSchema,
        response: {
          200: binaryResponse('The feed', ['text/calendar']),
          ...errorResponses(404, 429),
        },
      },
    },
    async (request, reply) => {
      const text = await renderCalendarFeed(app, request.params.secret, requestOrigin(request));
      return reply
        .header('content-type', ICS_TYPE)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition('inline', 'kuvert.ics'))
        .send(text);
    },
  );

  app.get(
    declared.get(calendarEndpoints.letterEvent),
    {
      schema: {
        tags: ['letters'],
        summary: "The letter's due date (invoice or signature request) as an .ics file",
        params: letterParamsSchema,
        response: {
          200: binaryResponse('The event', ['text/calendar']),
          ...errorResponses(401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const event = await renderLetterEvent(app, requireSession(request).userId, request.params.id);
      return reply
        .header('content-type', ICS_TYPE)
        .header('content-disposition', contentDisposition('attachment', event.fileName))
        .send(event.text);
    },
  );
};
