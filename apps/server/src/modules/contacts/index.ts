import { contactEndpoints } from '@kuvert/shared/contacts/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTACT_IMPORT_MAX_BYTES,
  contactExportQuerySchema,
  contactIdParamsSchema,
  contactImportPreviewQuerySchema,
  contactImportPreviewSchema,
  contactImportRequestSchema,
  contactImportResultSchema,
  contactListQuerySchema,
  contactPageSchema,
  contactSchema,
  createContactRequestSchema,
  updateContactRequestSchema,
} from '@kuvert/shared/contacts';
import { contentDisposition } from '../../plugins/content-disposition.ts';
import { readOneFileIntoMemory } from '../../plugins/multipart-reader.ts';
import { binaryResponse, errorResponses, noContentSchema } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { multipartValidatorCompiler } from '../../plugins/uploads.ts';
import { getUserById } from '../users/users.service.ts';
import { exportContacts } from './contact-export.ts';
import { previewContactImport } from './contact-import.service.ts';
import {
  createContact,
  createContacts,
  getContact,
  listContacts,
  trashContact,
  updateContact,
} from './contacts.service.ts';

const importFileBodySchema = z
  .object({
    file: z
      .file()
      .describe(`A CSV or vCard file, at most ${CONTACT_IMPORT_MAX_BYTES / (1024 * 1024)} MB`),
  })
  .describe('multipart/form-data');

/** The address book (DESIGN §8); trashed contacts are restored and deleted under /trash. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    declared.get(contactEndpoints.list),
    {
      schema: {
        tags: ['contacts'],
        summary:
          "The account's contacts in name order; `q` searches name, organisation, e-mail, city",
        querystring: contactListQuerySchema,
        response: { 200: contactPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listContacts(app, requireSession(request).userId, request.query),
  );

  app.post(
    declared.post(contactEndpoints.create),
    {
      schema: {
        tags: ['contacts'],
        summary: 'Add a contact',
        body: createContactRequestSchema,
        response: { 201: contactSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { account_id: accountId, contact } = request.body;
      const created = await createContact(app, requireSession(request).userId, accountId, contact);
      return reply.status(201).send(created);
    },
  );

  app.get(
    declared.get(contactEndpoints.export),
    {
      schema: {
        tags: ['contacts'],
        summary: 'Every contact as CSV (UTF-8 with BOM, `;`, headers in the language) or vCard 3.0',
        querystring: contactExportQuerySchema,
        response: {
          200: binaryResponse('The contacts', ['text/csv', 'text/vcard']),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const user = await getUserById(app.db, userId);
      const file = await exportContacts(app, userId, request.query, user?.language ?? 'en');
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition('attachment', file.filename))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    declared.post(contactEndpoints.previewImport),
    {
      schema: {
        tags: ['contacts'],
        summary:
          'Read a CSV or vCard (2.1, 3.0, 4.0) and say, row by row, what an import would save',
        consumes: ['multipart/form-data'],
        querystring: contactImportPreviewQuerySchema,
        body: importFileBodySchema,
        response: {
          200: contactImportPreviewSchema,
          ...errorResponses(400, 401, 403, 404, 413, 415, 422),
        },
      },
      validatorCompiler: multipartValidatorCompiler,
    },
    async (request) => {
      const { userId } = requireSession(request);
      const file = await readOneFileIntoMemory(request, {
        fileField: 'file',
        maxBytes: CONTACT_IMPORT_MAX_BYTES,
      });
      return previewContactImport(app, userId, request.query, file.bytes);
    },
  );

  app.post(
    declared.post(contactEndpoints.import),
    {
      schema: {
        tags: ['contacts'],
        summary: 'Save the contacts a preview found (the rows the person chose)',
        body: contactImportRequestSchema,
        response: { 201: contactImportResultSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
      bodyLimit: 16 * 1024 * 1024,
    },
    async (request, reply) => {
      const { account_id: accountId, contacts } = request.body;
      const created = await createContacts(
        app,
        requireSession(request).userId,
        accountId,
        contacts,
      );
      return reply.status(201).send({ created });
    },
  );

  app.get(
    declared.get(contactEndpoints.get),
    {
      schema: {
        tags: ['contacts'],
        summary: 'One contact',
        params: contactIdParamsSchema,
        response: { 200: contactSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getContact(app, requireSession(request).userId, request.params.id),
  );

  app.put(
    declared.put(contactEndpoints.update),
    {
      schema: {
        tags: ['contacts'],
        summary: 'Change a contact (every field, as on create)',
        params: contactIdParamsSchema,
        body: updateContactRequestSchema,
        response: { 200: contactSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateContact(app, requireSession(request).userId, request.params.id, request.body.contact),
  );

  app.delete(
    declared.delete(contactEndpoints.trash),
    {
      schema: {
        tags: ['contacts'],
        summary: 'Move a contact to the trash (restore or delete it there)',
        params: contactIdParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await trashContact(app, requireSession(request).userId, request.params.id);
      return reply.status(204).send();
    },
  );
};
