import path from 'node:path';
import { z } from 'zod';
import type { ProcessingSettings } from '../plugins/processing/document-processing.ts';

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalString = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().min(1).optional(),
);

const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.url().optional());

function isTimeZone(value: string): boolean {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone !== '';
  } catch {
    return false;
  }
}

/** Every setting Kuvert reads from its environment, with its default. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Data folder; `data/` in the checkout when unset, a relative path from where npm ran',
    ),
  DATABASE_URL: optionalUrl.describe('PostgreSQL connection string; SQLite in DATA_DIR when unset'),
  PUBLIC_URL: z
    .url()
    .optional()
    .describe('Address users reach the portal at; used in e-mails and the Origin check'),
  SMTP_URL: optionalUrl.describe(
    'smtp(s)://user:pass@host:port; .eml files in DATA_DIR when unset',
  ),
  MAIL_FROM: z.string().min(3).default('Kuvert <no-reply@kuvert.localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('')
    .describe('Comma-separated proxy addresses/CIDRs whose X-Forwarded-For is believed'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  KUVERT_DEMO: booleanFromString.default(true),
  TRASH_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(30)
    .describe('Days a trashed letter is kept before it is deleted for good'),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: booleanFromString
    .default(false)
    .describe('Let provider webhooks reach loopback and private addresses (development only)'),
  TIME_ZONE: z
    .string()
    .default('Europe/Berlin')
    .refine(isTimeZone, 'not an IANA time zone, such as Europe/Berlin')
    .describe(
      'The calendar Kuvert counts days in: when "today" begins, so when an invoice is overdue',
    ),
  INVOICE_REMINDER_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(60)
    .default(3)
    .describe('Days before the due date that an unpaid invoice is reminded of by e-mail'),
  TINK_CLIENT_ID: optionalString.describe(
    'Pay invoices through Tink when set; the built-in sandbox bank (test mode) otherwise',
  ),
  TINK_CLIENT_SECRET: optionalString.describe('Required with TINK_CLIENT_ID'),
  TINK_MARKET: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .regex(/^[A-Z]{2}$/)
        .optional(),
    )
    .describe('Two-letter market code for Tink, such as DE or SE; required with TINK_CLIENT_ID'),
  TINK_API_URL: z
    .url()
    .default('https://api.tink.com')
    .describe("Tink's API; tests point it elsewhere"),
  TINK_LINK_URL: z.url().default('https://link.tink.com').describe('Where Tink Link runs'),
  WEB_DIST_DIR: z.string().optional().describe('Built SPA; defaults to apps/web/dist'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(200 * 1024 * 1024)
    .describe('Largest file a user may upload, in bytes'),
  ACCOUNT_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024 * 1024)
    .describe("Bytes one account's uploads may take together (trash included)"),
  S3_ENDPOINT: optionalUrl.describe(
    'S3-compatible object store for documents; files in DATA_DIR when unset',
  ),
  S3_BUCKET: optionalString.describe('Bucket for documents; required with S3_ENDPOINT'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFromString
    .default(true)
    .describe('Bucket in the path rather than the host name (most S3-compatible stores)'),
  SIGNING_P12_PATH: optionalString.describe(
    "The operator's PKCS#12 seal certificate; Kuvert creates a self-issued one in DATA_DIR when unset",
  ),
  SIGNING_P12_PASSWORD: z.string().default('').describe('Password of SIGNING_P12_PATH'),
  PROCESSING_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(32)
    .default(1)
    .describe('Child processes reading documents in the background (text, later OCR)'),
  PROCESSING_MEMORY_MB: z.coerce
    .number()
    .int()
    .min(128)
    .max(16_384)
    .default(512)
    .describe('Memory one document reader may use before it is stopped'),
  PROCESSING_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(60)
    .describe('Processor time reading one document may take before it is stopped'),
  PROCESSING_MAX_PAGES: z.coerce
    .number()
    .int()
    .min(1)
    .default(2000)
    .describe('Documents with more pages (real or claimed) are kept but not read'),
  JOB_POLL_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(60_000)
    .default(1000)
    .describe('How often the background worker looks for due jobs, in milliseconds'),
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(25)
    .describe(
      'On SIGTERM, how long requests in flight and running jobs may still take before they are cut off',
    ),
  LIVE_EVENTS_RETENTION_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60)
    .describe(
      'How long live events are kept for a browser that reconnects; one away longer refetches everything',
    ),
  OIDC_ISSUER: optionalUrl.describe(
    'OpenID Connect issuer that verifies identities; the built-in test identity provider when unset',
  ),
  OIDC_CLIENT_ID: optionalString.describe("Kuvert's client id at OIDC_ISSUER; required with it"),
  OIDC_CLIENT_SECRET: optionalString.describe(
    "Kuvert's client secret at OIDC_ISSUER (client_secret_basic); required with it",
  ),
  OIDC_SCOPES: z
    .string()
    .min(1)
    .default('openid profile')
    .describe('Scopes asked for when verifying an identity, space-separated; must include openid'),
  OIDC_ACR_VALUES: optionalString.describe(
    'acr_values sent to the issuer, space-separated: the eID or assurance level a broker should use',
  ),
  OIDC_NAME_CLAIMS: z
    .string()
    .min(1)
    .default('given_name,family_name')
    .describe('Claims whose values, joined by a space, give the verified name (comma-separated)'),
  OIDC_BIRTHDATE_CLAIM: z
    .string()
    .min(1)
    .default('birthdate')
    .describe('Claim that gives the birth date (YYYY-MM-DD)'),
  OIDC_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(60)
    .default(5)
    .describe('How long Kuvert waits for the identity provider before saying it cannot be reached'),
  PROCESSING_MAX_INFLATED_MB: z.coerce
    .number()
    .int()
    .min(1)
    .default(256)
    .describe('Documents whose streams decompress to more are kept but not read'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  isHttps: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: string[];
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  loginMaxAttemptsPerAccount: number;
  loginMaxAttemptsPerAddress: number;
  loginWindowSeconds: number;
  isDemoEnabled: boolean;
  trashRetentionDays: number;
  /** IANA zone whose calendar days count: due dates are days in it (see invoice-status.ts). */
  timeZone: string;
  invoiceReminderDays: number;
  webhookAllowPrivateNetworks: boolean;
  /** Set when Tink is configured; the sandbox bank pays otherwise. */
  tink: TinkConfig | undefined;
  webDistDir: string;
  /** How often the job worker looks for due jobs. */
  jobPollIntervalMs: number;
  /** On SIGTERM, how long requests in flight and running jobs may still take (drain.ts). */
  shutdownGraceMs: number;
  /** How long live events are kept for replay (plugins/live-event-store.ts). */
  liveEventsRetentionSeconds: number;
  processing: ProcessingSettings;
  uploads: UploadSettings;
  /** Where documents live: files in DATA_DIR, or an S3-compatible store. */
  storage: StorageSettings;
  /** The seal certificate for signature requests: the operator's, or one made in DATA_DIR. */
  signing: SigningSettings;
  /** Identity verification over OpenID Connect. */
  identity: IdentitySettings;
}

export interface IdentitySettings {
  /** The operator's issuer; unset: the built-in test identity provider verifies. */
  provider: { issuer: string; clientId: string; clientSecret: string } | undefined;
  scopes: string;
  acrValues: string | undefined;
  nameClaims: string[];
  birthdateClaim: string;
  /** Seconds to wait for each request to the provider (discovery, token, userinfo). */
  timeoutSeconds: number;
}

export interface SigningSettings {
  /** Unset: Kuvert creates (once) and uses a self-issued CA and seal certificate in DATA_DIR. */
  p12Path: string | undefined;
  p12Password: string;
}

export interface UploadSettings {
  maxBytes: number;
  accountQuotaBytes: number;
}

export type StorageSettings =
  | { kind: 'filesystem' }
  | {
      kind: 's3';
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

export interface TinkConfig {
  clientId: string;
  clientSecret: string;
  market: string;
  apiUrl: string;
  linkUrl: string;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const defaultWebDist = path.resolve(import.meta.dirname, '../../../web/dist');

/** Parses the environment once; throws a ConfigError naming every bad variable. */
/**
 * The server (`npm start`, run by npm inside apps/server) and the CLI (`npm run kuvert`, run
 * from the checkout) must open the same data folder. Unset, it is the checkout's `data/`
 * whatever the working directory; a relative DATA_DIR is read from the folder npm was started
 * in (npm's INIT_CWD), not from the workspace folder npm moves into.
 */
const CHECKOUT_DATA_DIR = path.resolve(import.meta.dirname, '../../../../data');

function resolveDataDir(dataDir: string | undefined, initCwd: string | undefined): string {
  if (dataDir === undefined) return CHECKOUT_DATA_DIR;
  return path.resolve(initCwd ?? process.cwd(), dataDir);
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const tink = parseTinkConfig(env);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: resolveDataDir(env.DATA_DIR, source.INIT_CWD),
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    isHttps: publicUrl.startsWith('https://'),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    sessionIdleSeconds: env.SESSION_IDLE_MINUTES * 60,
    sessionAbsoluteSeconds: env.SESSION_ABSOLUTE_HOURS * 3600,
    loginMaxAttemptsPerAccount: env.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT,
    loginMaxAttemptsPerAddress: env.LOGIN_MAX_ATTEMPTS_PER_ADDRESS,
    loginWindowSeconds: env.LOGIN_WINDOW_MINUTES * 60,
    isDemoEnabled: env.KUVERT_DEMO,
    trashRetentionDays: env.TRASH_RETENTION_DAYS,
    timeZone: env.TIME_ZONE,
    invoiceReminderDays: env.INVOICE_REMINDER_DAYS,
    webhookAllowPrivateNetworks: env.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    tink,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? defaultWebDist),
    jobPollIntervalMs: env.JOB_POLL_INTERVAL_MS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    liveEventsRetentionSeconds: env.LIVE_EVENTS_RETENTION_MINUTES * 60,
    processing: {
      workers: env.PROCESSING_WORKERS,
      memoryMb: env.PROCESSING_MEMORY_MB,
      timeoutSeconds: env.PROCESSING_TIMEOUT_SECONDS,
      maxPages: env.PROCESSING_MAX_PAGES,
      maxInflatedMb: env.PROCESSING_MAX_INFLATED_MB,
    },
    uploads: { maxBytes: env.UPLOAD_MAX_BYTES, accountQuotaBytes: env.ACCOUNT_QUOTA_BYTES },
    storage: parseStorageSettings(env),
    signing: {
      p12Path: env.SIGNING_P12_PATH ? path.resolve(env.SIGNING_P12_PATH) : undefined,
      p12Password: env.SIGNING_P12_PASSWORD,
    },
    identity: parseIdentitySettings(env),
  };
}

/** An issuer needs its client id and secret; naming each one that is missing. */
function parseIdentitySettings(env: Env): IdentitySettings {
  const problems: string[] = [];
  if (!env.OIDC_SCOPES.split(/\s+/).includes('openid')) {
    problems.push('OIDC_SCOPES: must include openid');
  }
  const nameClaims = env.OIDC_NAME_CLAIMS.split(',')
    .map((claim) => claim.trim())
    .filter(Boolean);
  if (nameClaims.length === 0) problems.push('OIDC_NAME_CLAIMS: name at least one claim');
  let provider: IdentitySettings['provider'];
  if (env.OIDC_ISSUER || env.OIDC_CLIENT_ID || env.OIDC_CLIENT_SECRET) {
    if (!env.OIDC_ISSUER) problems.push('OIDC_ISSUER: required with OIDC_CLIENT_ID');
    if (!env.OIDC_CLIENT_ID) problems.push('OIDC_CLIENT_ID: required with OIDC_ISSUER');
    if (!env.OIDC_CLIENT_SECRET) problems.push('OIDC_CLIENT_SECRET: required with OIDC_ISSUER');
    if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET) {
      provider = {
        issuer: env.OIDC_ISSUER,
        clientId: env.OIDC_CLIENT_ID,
        clientSecret: env.OIDC_CLIENT_SECRET,
      };
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    provider,
    scopes: env.OIDC_SCOPES.trim(),
    acrValues: env.OIDC_ACR_VALUES,
    nameClaims,
    birthdateClaim: env.OIDC_BIRTHDATE_CLAIM.trim(),
    timeoutSeconds: env.OIDC_TIMEOUT_SECONDS,
  };
}

/** S3 needs the endpoint, the bucket and both keys; naming each one that is missing. */
function parseStorageSettings(env: Env): StorageSettings {
  if (!env.S3_ENDPOINT) return { kind: 'filesystem' };
  const problems: string[] = [];
  if (!env.S3_BUCKET) problems.push('S3_BUCKET: required with S3_ENDPOINT');
  if (!env.S3_ACCESS_KEY_ID) problems.push('S3_ACCESS_KEY_ID: required with S3_ENDPOINT');
  if (!env.S3_SECRET_ACCESS_KEY) problems.push('S3_SECRET_ACCESS_KEY: required with S3_ENDPOINT');
  if (problems.length > 0 || !env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(problems);
  }
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

/** Tink needs all three of id, secret and market; naming each one that is missing. */
function parseTinkConfig(env: Env): TinkConfig | undefined {
  if (!env.TINK_CLIENT_ID && !env.TINK_CLIENT_SECRET) return undefined;
  const problems: string[] = [];
  if (!env.TINK_CLIENT_ID) problems.push('TINK_CLIENT_ID: required with TINK_CLIENT_SECRET');
  if (!env.TINK_CLIENT_SECRET) problems.push('TINK_CLIENT_SECRET: required with TINK_CLIENT_ID');
  if (!env.TINK_MARKET) problems.push('TINK_MARKET: required with TINK_CLIENT_ID');
  if (problems.length > 0 || !env.TINK_CLIENT_ID || !env.TINK_CLIENT_SECRET || !env.TINK_MARKET) {
    throw new ConfigError(problems);
  }
  return {
    clientId: env.TINK_CLIENT_ID,
    clientSecret: env.TINK_CLIENT_SECRET,
    market: env.TINK_MARKET,
    apiUrl: env.TINK_API_URL.replace(/\/+$/, ''),
    linkUrl: env.TINK_LINK_URL.replace(/\/+$/, ''),
  };
}
