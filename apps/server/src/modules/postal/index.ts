import { letterEndpoints } from '@kuvert/shared/letters/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binaryResponse, errorResponses } from '../../plugins/openapi.ts';
import { sendDocument, sendRangeNotSatisfiable } from '../../plugins/send-document.ts';
import { requireSession } from '../../plugins/session.ts';
import { createBatchChannel, type PostalChannel } from './postal-channel.ts';
import { openPrintPdf } from './print-pdf.service.ts';
import { registerPrintRendering } from './print-rendering.service.ts';

const paramsSchema = z.object({
  id: z.string().min(1).max(64),
  recipientId: z.string().min(1).max(64),
});
const contentQuerySchema = z.object({
  disposition: z.enum(['inline', 'attachment']).default('inline'),
});

/**
 * Printed letters: the `postal.render` job hands each rendered letter to the postal channel
 * (the built-in print batches unless another is given), and members of the sending account
 * may open the print PDF (`printPdfPath`).
 */
export const postalRoutes: FastifyPluginAsyncZod<{ channel?: PostalChannel }> = async (
  app,
  options,
) => {
  registerPrintRendering(app, options.channel ?? createBatchChannel(app.engine));

  app.get(
    declared.get(letterEndpoints.printPdf),
    {
      schema: {
        tags: ['letters'],
        summary: 'The print-ready PDF of a postal recipient (members of the sending account)',
        params: paramsSchema,
        querystring: contentQuerySchema,
        response: {
          200: binaryResponse('The PDF', ['application/pdf']),
          ...errorResponses(401, 404),
        },
      },
      compress: false,
    },
    async (request, reply) => {
      const session = requireSession(request);
      const { id, recipientId } = request.params;
      const content = await openPrintPdf(
        app,
        session.userId,
        id,
        recipientId,
        request.headers.range,
      );
      if ('unsatisfiable' in content) return sendRangeNotSatisfiable(reply, content.size);
      return sendDocument(reply, content, request.query.disposition);
    },
  );
};
