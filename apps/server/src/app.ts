import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { installLinearPatterns } from '@kuvert/shared/form-patterns';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config/env.ts';
import type { Engine } from './db/migrations/context.ts';
import type { Database } from './db/schema.ts';
import { DocumentHolders } from './documents/document-holders.ts';
import { PersonalDataContributors } from './personal-data/personal-data-contributors.ts';
import { registerModules } from './modules/index.ts';
import type { FolderLetterCountsSource } from './modules/folders/folder-letter-counts.ts';
import type { InvoiceLettersSource } from './modules/invoices/invoice-letters.ts';
import type { InvoicePaymentsSource } from './modules/invoices/invoice-payments.ts';
import { folderLetterCountsSource } from './modules/letters/folder-letter-counts.service.ts';
import { invoiceLettersSource } from './modules/letters/invoice-letters.service.ts';
import { providerLetterCountsSource } from './modules/letters/provider-letter-counts.service.ts';
import { draftFilesSource } from './modules/form-submissions/draft-files.service.ts';
import type { DraftFilesSource } from './modules/forms/form-draft-files.ts';
import { invoicePaymentsSource } from './modules/payments/payment-summaries.service.ts';
import type { ProviderLetterCountsSource } from './modules/providers/provider-letter-counts.ts';
import { testIdpRoutes } from './modules/identity/test-idp.routes.ts';
import { sandboxBankRoutes } from './modules/sandbox-bank/index.ts';
import { searchIndexWriterFor } from './modules/search/search-index-writer.ts';
import { registerErrorHandler, replyWithError } from './plugins/error-handler.ts';
import { serializerCompiler } from './plugins/fast-serializer.ts';
import { createLiveEventBus, type EventBus } from './plugins/events.ts';
import { registerLiveEventRetention } from './plugins/live-event-retention.ts';
import { createJobRunner, type JobRunner } from './plugins/job-runner.ts';
import { createMailer, type Mailer } from './plugins/mailer.ts';
import {
  createDocumentProcessing,
  type DocumentProcessing,
} from './plugins/processing/document-processing.ts';
import { registerDrain } from './plugins/drain.ts';
import { registerNulCharacterGuard } from './plugins/nul-characters.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import {
  loadSealIdentity,
  sealCertificateWarnings,
  type SealIdentity,
} from './plugins/seal-identity.ts';
import { registerSecurityHeaders, securityHeaders } from './plugins/security-headers.ts';
import { registerSessions } from './plugins/session.ts';
import { registerSpa } from './plugins/spa.ts';
import { StorageQuota } from './plugins/storage-quota.ts';
import { registerUnreadBodyDrain } from './plugins/unread-body.ts';
import { openDocumentStore, s3UploadStagingFor, type DocumentStore } from './plugins/storage.ts';
import type { SearchIndexWriter } from './plugins/search-index.ts';
import { FileSystemUploadStaging } from './plugins/storage/file-system-upload-staging.ts';
import type { UploadStaging } from './plugins/storage/upload-staging.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    engine: Engine;
    clock: Clock;
    mailer: Mailer;
    documents: DocumentStore;
    /** The areas that keep documents in the store, asked before a file goes (document-holders.ts). */
    documentHolders: DocumentHolders;
    /** The areas' parts of "Download my data" (personal-data/personal-data-contributors.ts). */
    personalData: PersonalDataContributors;
    /** Writes the full-text index of letters and uploads (plugins/search-index.ts). */
    searchIndex: SearchIndexWriter;
    /** The payments of invoices, for the invoice views (modules/invoices/invoice-payments.ts). */
    invoicePayments: InvoicePaymentsSource;
    /** The invoices' rows, which are letters, for the invoices area (modules/invoices/invoice-letters.ts). */
    invoiceLetters: InvoiceLettersSource;
    /** What each folder holds, for the folders area (modules/folders/folder-letter-counts.ts). */
    folderLetterCounts: FolderLetterCountsSource;
    /** Who wrote to an account, for the providers area (modules/providers/provider-letter-counts.ts). */
    providerLetterCounts: ProviderLetterCountsSource;
    /** The files of form drafts' answers, for the forms area (modules/forms/form-draft-files.ts). */
    draftFiles: DraftFilesSource;
    /** The bytes of uploads in progress (tus), until the last one arrived. */
    uploadStaging: UploadStaging;
    events: EventBus;
    jobs: JobRunner;
    /** The only place untrusted documents are opened (DESIGN §4). */
    processing: DocumentProcessing;
    /** The certificate signed documents are sealed with (see seal-identity.ts). */
    seal: SealIdentity;
    /** Counts every byte kept on a holder's behalf against the one quota (storage-quota.ts). */
    storageQuota: StorageQuota;
  }
}

export interface AppDependencies {
  config: Config;
  db: Kysely<Database>;
  engine: Engine;
  clock?: Clock;
  mailer?: Mailer;
  documents?: DocumentStore;
  uploadStaging?: UploadStaging;
  /** A pool shared by several apps (tests); the app closes only a pool it created itself. */
  processing?: DocumentProcessing;
  /** Else the operator's PKCS#12, or Kuvert's own seal made (once) in DATA_DIR. */
  seal?: SealIdentity;
  /** Pino options; tests pass `false` to keep their output readable. */
  logger?: boolean | { level: string };
}

export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { config } = dependencies;
  // Forms' patterns run on the linear-time engine only (security issue, finding 1).
  installLinearPatterns();
  const app = Fastify({
    logger: dependencies.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]'],
    },
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    // Draining (plugins/drain.ts): the listener's close ends idle kept-alive connections, and a
    // request that still arrives on a busy one is served (the database is still open) with
    // `Connection: close`, rather than refused with Fastify's bare 503.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // Errors before routing (a malformed URL such as `/%E0%A4%A`, a path parameter over the
    // router's 100 characters) get the same mapping and body as any other.
    // Fastify's hooks do not run for these, so the security headers are set here.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      for (const [name, value] of securityHeaders(config)) reply.header(name, value);
      void replyWithError(error, request, reply.header('cache-control', 'no-store'));
    },
  });

  app.decorate('config', config);
  app.decorate('db', dependencies.db);
  app.decorate('engine', dependencies.engine);
  app.decorate('searchIndex', searchIndexWriterFor(dependencies.engine));
  app.decorate('invoicePayments', invoicePaymentsSource);
  app.decorate('invoiceLetters', invoiceLettersSource);
  app.decorate('folderLetterCounts', folderLetterCountsSource);
  app.decorate('providerLetterCounts', providerLetterCountsSource);
  app.decorate('draftFiles', draftFilesSource);
  app.decorate('clock', dependencies.clock ?? systemClock);
  app.decorate('mailer', dependencies.mailer ?? createMailer(config, app.log));
  // Files under DATA_DIR, or the S3 bucket when S3_* are set (it must be reachable now).
  // A store handed in is closed by whoever made it.
  const documents = dependencies.documents
    ? { store: dependencies.documents, close: undefined }
    : await openDocumentStore(config.storage.kind, {
        storage: config.storage,
        dataDir: config.dataDir,
        clock: app.clock,
      });
  app.decorate('documents', documents.store);
  app.decorate('documentHolders', new DocumentHolders());
  app.decorate('personalData', new PersonalDataContributors());
  app.decorate('storageQuota', new StorageQuota());
  app.decorate(
    'uploadStaging',
    dependencies.uploadStaging ??
      s3UploadStagingFor(documents.store) ??
      new FileSystemUploadStaging(path.join(config.dataDir, 'uploads-staging')),
  );
  app.decorate(
    'events',
    createLiveEventBus({
      db: app.db,
      engine: dependencies.engine,
      clock: app.clock,
      log: app.log,
      ...(dependencies.engine === 'postgres' && config.databaseUrl
        ? { connectionString: config.databaseUrl }
        : {}),
    }),
  );
  // Modules register their handlers; main.ts starts the worker after listen, tests run it.
  app.decorate(
    'jobs',
    createJobRunner({
      db: app.db,
      engine: dependencies.engine,
      clock: app.clock,
      log: app.log,
      pollIntervalMs: config.jobPollIntervalMs,
    }),
  );
  registerLiveEventRetention(app);
  // A ConfigError (a wrong SIGNING_P12_PATH or password) stops the start, naming the cause.
  app.decorate('seal', dependencies.seal ?? loadSealIdentity(config));
  for (const warning of sealCertificateWarnings(app.seal, app.clock.now())) app.log.warn(warning);
  const ownsProcessing = dependencies.processing === undefined;
  app.decorate(
    'processing',
    dependencies.processing ?? createDocumentProcessing(config.processing, app.log),
  );
  // Jobs stop before the bus and, in main.ts, before the database is closed; the processing
  // children after the jobs that wait on them.
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    await app.events.close();
    if (ownsProcessing) await app.processing.close();
    documents.close?.();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerUnreadBodyDrain(app);
  registerNulCharacterGuard(app);
  registerDrain(app);

  // Compression first, so that static files and API answers are both compressed.
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyCookie);
  // Parts are read as streams by the routes that take uploads, each with its own limits.
  await app.register(fastifyMultipart);
  // Before any route is added, so its onRoute hook sees (and gives an auth mode to) them all.
  await registerSessions(app);
  await registerOpenApi(app, config.publicUrl);
  await app.register(registerModules, { prefix: '/api' });
  // The built-in test bank's pages, outside /api; not served when a real provider pays.
  if (!config.tink) await app.register(sandboxBankRoutes);
  // The built-in test identity provider, outside /api; not served when an issuer is configured.
  if (!config.identity.provider) await app.register(testIdpRoutes);
  await registerSpa(app, config.webDistDir);

  return app;
}
