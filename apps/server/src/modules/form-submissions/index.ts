import { publicFormEndpoints } from '@kuvert/shared/api';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FORM_LIMITS,
  FORM_TOKEN_HEADER,
  formFileFromUploadBodySchema,
  formFileSchema,
  formFileUploadQuerySchema,
  formSubmissionListQuerySchema,
  formSubmissionPageSchema,
  formSubmissionSummarySchema,
  formUploadTokenSchema,
  publicFormFileUploadQuerySchema,
  publicFormReceiptSchema,
  publicSubmitFormRequestSchema,
  submitFormRequestSchema,
} from '@kuvert/shared/forms';
import { binaryResponse, errorResponses } from '../../plugins/openapi.ts';
import { sendDocument } from '../../plugins/send-document.ts';
import { requireSession } from '../../plugins/session.ts';
import { multipartValidatorCompiler } from '../../plugins/uploads.ts';
import {
  addFormFile,
  addFormFileFromUpload,
  addPublicFormFile,
  countFormFilesInQuota,
  createUploadToken,
  TOKENS_PER_ADDRESS_PER_HOUR,
} from './form-files.service.ts';
import { createWorkQueue } from '../../plugins/work-queue.ts';
import { openPublicReceipt } from './form-receipt-download.ts';
import { registerFormSubmissionJobs } from './form-submission-jobs.ts';
import {
  listSubmissions,
  openSubmissionReceipt,
  PUBLIC_SUBMISSIONS_PER_ADDRESS_PER_HOUR,
  PUBLIC_SUBMISSIONS_PER_FORM_PER_HOUR,
  submitForm,
  submitPublicForm,
} from './form-submissions.service.ts';

const tags = ['forms'];
const formParamsSchema = z.object({ formId: z.string().min(1).max(64) });
const submissionParamsSchema = z.object({ id: z.string().min(1).max(64) });
const receiptKeyQuerySchema = z.object({ key: z.string().min(1).max(200) });
const megabytes = FORM_LIMITS.maxFileBytes / (1024 * 1024);
const fileBodySchema = z
  .object({
    file: z
      .file()
      .describe(
        `One file, at most ${megabytes} MB, of a type the field takes (judged by its content)`,
      ),
  })
  .describe('multipart/form-data');
const tokenHeadersSchema = z
  .object({
    [FORM_TOKEN_HEADER]: z.string().max(200).optional().describe('From POST …/upload-token'),
  })
  .loose();
/** The answers may be FORM_LIMITS.maxDataBytes; the rest of the body is a few short fields. */
const SUBMISSION_BODY_LIMIT = FORM_LIMITS.maxDataBytes + 16 * 1024;

/**
 * Anonymous submissions take turns, two at a time and at most 50 a second (20 at once after a
 * quiet spell): a flood of them (answers built to be costly, or just many, each from an address
 * of its own) gets that share of the event loop however fast it is sent, and everyone else's
 * requests go on between them. Real visitors are far below it (a form takes
 * PUBLIC_SUBMISSIONS_PER_FORM_PER_HOUR); 200 waiting are plenty, more are told to try again.
 */
const ANONYMOUS_SUBMISSIONS_AT_ONCE = 2;
const ANONYMOUS_SUBMISSIONS_WAITING = 200;
const ANONYMOUS_SUBMISSIONS_PACE = { perSecond: 50, burst: 20 };

/**
 * Filling out forms (DESIGN §8 "Forms"): files for file fields, submitting (logged in, or
 * anonymously for a public form), and the submissions an account made with their receipts.
 */
export const formSubmissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const anonymousSubmissions = createWorkQueue({
    concurrency: ANONYMOUS_SUBMISSIONS_AT_ONCE,
    maxWaiting: ANONYMOUS_SUBMISSIONS_WAITING,
    pace: ANONYMOUS_SUBMISSIONS_PACE,
  });
  registerFormSubmissionJobs(app);
  countFormFilesInQuota(app);

  app.post(
    declared.post(formEndpoints.addFile),
    {
      schema: {
        tags,
        summary: `A file for a file field (multipart \`file\`): at most ${megabytes} MB (413), of a type the field takes by its content (415); a PDF with active content is refused (422 DOCUMENT_ACTIVE_CONTENT); at most ${FORM_LIMITS.maxFiles} per form at a time`,
        consumes: ['multipart/form-data'],
        params: formParamsSchema,
        querystring: formFileUploadQuerySchema,
        body: fileBodySchema,
        response: {
          201: formFileSchema,
          ...errorResponses(400, 401, 403, 404, 410, 413, 415, 422),
        },
      },
      validatorCompiler: multipartValidatorCompiler,
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const file = await addFormFile(app, userId, request.params.formId, request.query, request);
      return reply.status(201).send(file);
    },
  );

  app.post(
    declared.post(formEndpoints.addFileFromUpload),
    {
      schema: {
        tags,
        summary:
          'One of the account’s uploads for a file field, by reference (no copy), held to the same rules as a file from the computer',
        params: formParamsSchema,
        body: formFileFromUploadBodySchema,
        response: {
          201: formFileSchema,
          ...errorResponses(400, 401, 403, 404, 410, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const file = await addFormFileFromUpload(app, userId, request.params.formId, request.body);
      return reply.status(201).send(file);
    },
  );

  app.post(
    declared.post(formEndpoints.submit),
    {
      bodyLimit: SUBMISSION_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Submit answers against a kept version of the form (422 VALIDATION_FAILED names each answer at data.<path>, with its translation key; 410 FORM_UNPUBLISHED, or FORM_VERSION_UNSUPPORTED for a version with a pattern the linear-time engine does not run). With draft_id, the draft is deleted in the same step; submitting it again answers the submission it became',
        params: formParamsSchema,
        body: submitFormRequestSchema,
        response: {
          201: formSubmissionSummarySchema,
          ...errorResponses(400, 401, 403, 404, 410, 413, 422),
        },
      },
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const summary = await submitForm(app, userId, request.params.formId, request.body);
      return reply.status(201).send(summary);
    },
  );

  app.get(
    declared.get(formEndpoints.submissions),
    {
      schema: {
        tags,
        summary: 'The account’s submissions, newest first, with their status; follow next_cursor',
        querystring: formSubmissionListQuerySchema,
        response: { 200: formSubmissionPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listSubmissions(app, requireSession(request).userId, request.query),
  );

  app.get(
    declared.get(formEndpoints.receipt),
    {
      schema: {
        tags,
        summary: 'The PDF of a submission (the provider got the same); 409 while it is being made',
        params: submissionParamsSchema,
        response: {
          200: binaryResponse('The PDF', ['application/pdf']),
          ...errorResponses(401, 404, 409),
        },
      },
      compress: false,
    },
    async (request, reply) => {
      const { userId } = requireSession(request);
      const receipt = await openSubmissionReceipt(app, userId, request.params.id);
      return sendDocument(reply, receipt, 'attachment');
    },
  );

  // ---- Anyone, for public forms ----------------------------------------------------------

  app.post(
    declared.post(publicFormEndpoints.uploadToken),
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: `A short-lived token for an anonymous visitor’s files, scoped to this public form (${TOKENS_PER_ADDRESS_PER_HOUR} per address and hour; public)`,
        params: formParamsSchema,
        response: { 201: formUploadTokenSchema, ...errorResponses(403, 404, 410, 429) },
      },
    },
    async (request, reply) => {
      const token = await createUploadToken(app, request.params.formId, request);
      return reply.status(201).send(token);
    },
  );

  app.post(
    declared.post(publicFormEndpoints.files),
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: `An anonymous visitor’s file for a file field of a public form, with the token in the ${FORM_TOKEN_HEADER} header; the same limits as logged in (public)`,
        consumes: ['multipart/form-data'],
        params: formParamsSchema,
        headers: tokenHeadersSchema,
        querystring: publicFormFileUploadQuerySchema,
        body: fileBodySchema,
        response: {
          201: formFileSchema,
          ...errorResponses(400, 403, 404, 410, 413, 415, 422, 429),
        },
      },
      validatorCompiler: multipartValidatorCompiler,
    },
    async (request, reply) => {
      const file = await addPublicFormFile(
        app,
        request.params.formId,
        request.headers[FORM_TOKEN_HEADER],
        request.query,
        request,
      );
      return reply.status(201).send(file);
    },
  );

  app.post(
    declared.post(publicFormEndpoints.submit),
    {
      config: { auth: 'public' },
      bodyLimit: SUBMISSION_BODY_LIMIT,
      schema: {
        tags,
        summary: `Submit answers to a public form without logging in (${PUBLIC_SUBMISSIONS_PER_ADDRESS_PER_HOUR} per address and ${PUBLIC_SUBMISSIONS_PER_FORM_PER_HOUR} per form an hour, refused ones counted too, 429 RATE_LIMITED; a version that is not public is 404); with receipt_email, a confirmation without the answers is mailed there; receipt_url downloads the PDF (public)`,
        params: formParamsSchema,
        body: publicSubmitFormRequestSchema,
        response: {
          201: publicFormReceiptSchema,
          ...errorResponses(400, 403, 404, 410, 413, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const receipt = await anonymousSubmissions.run(() =>
        submitPublicForm(app, request.params.formId, request.body, request),
      );
      return reply.status(201).send(receipt);
    },
  );

  app.get(
    declared.get(publicFormEndpoints.receipt),
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary:
          'The PDF of an anonymous submission, with the key its submit answered (receipt_url); 404 for a wrong or expired key, 409 while the PDF is being made (public)',
        params: submissionParamsSchema,
        querystring: receiptKeyQuerySchema,
        response: {
          200: binaryResponse('The PDF', ['application/pdf']),
          ...errorResponses(400, 404, 409),
        },
      },
      compress: false,
    },
    async (request, reply) => {
      const receipt = await openPublicReceipt(app, request.params.id, request.query.key);
      return sendDocument(reply, receipt, 'attachment');
    },
  );
};
