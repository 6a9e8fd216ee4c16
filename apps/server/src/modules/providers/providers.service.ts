import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AccountProvider, Provider, ProviderCategory } from '@kuvert/shared/providers';
import type { WebhookConfig } from '@kuvert/shared/sender-api';
import { newId, newSecret } from '../../db/ids.ts';
import { isRefusedHostLiteral } from '../../lib/network-guard.ts';
import { AppError } from '../../plugins/app-error.ts';
import { sniffContentType } from '../../plugins/uploads.ts';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import { toAccountProvider, toProvider } from './providers.presenter.ts';
import {
  countLiveKeys,
  findAllProviders,
  findProviderById,
  findProviderByKeyHash,
  findProvidersByIdsByName,
  insertApiKey,
  insertProvider,
  markApiKeyUsed,
  revokeApiKeysOfProvider,
  updateProviderWebhook,
  type ProviderRow,
} from './providers.repository.ts';

export type { ProviderRow };

type App = Pick<FastifyInstance, 'db' | 'clock' | 'documents' | 'config'>;

const API_KEY_PREFIX = 'kuv_live_';
const API_KEY_PATTERN = /^kuv_live_[A-Za-z0-9_-]{43}$/;
const KEY_PREFIX_SHOWN = API_KEY_PREFIX.length + 4;
const MAX_LOGO_BYTES = 512 * 1024;
/** last_used_at is written at most this often, not on every request. */
const KEY_USE_RESOLUTION_MS = 60_000;

function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

async function issueApiKey(app: App, providerId: string): Promise<string> {
  const key = `${API_KEY_PREFIX}${newSecret(32)}`;
  const now = app.clock.now();
  await insertApiKey(app.db, {
    id: newId(now.getTime()),
    provider_id: providerId,
    key_hash: hashApiKey(key),
    key_prefix: key.slice(0, KEY_PREFIX_SHOWN),
    created_at: now.toISOString(),
    last_used_at: null,
    revoked_at: null,
  });
  return key;
}

function logoContentType(bytes: Buffer): string {
  const sniffed = sniffContentType(bytes);
  if (sniffed === 'image/png' || sniffed === 'image/jpeg') return sniffed;
  const head = bytes.subarray(0, 512).toString('utf8').trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head)) return 'image/svg+xml';
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'A logo must be SVG, PNG or JPEG.' });
}

export interface NewProviderInput {
  name: string;
  category: ProviderCategory;
  webhookUrl?: string;
  logo?: Buffer;
  isVerified?: boolean;
}

export interface CreatedProvider {
  provider: Provider;
  /** Shown once; only its hash is kept. */
  apiKey: string;
  webhookSecret: string | null;
}

export async function createProvider(app: App, input: NewProviderInput): Promise<CreatedProvider> {
  const now = app.clock.now();
  const logo = input.logo
    ? {
        contentType: logoContentType(input.logo),
        key: (await app.documents.put(input.logo, { maxBytes: MAX_LOGO_BYTES })).key,
      }
    : undefined;
  const webhookSecret = input.webhookUrl ? newSecret(32) : null;
  const row: ProviderRow = {
    id: newId(now.getTime()),
    name: input.name.trim(),
    category: input.category,
    logo_key: logo?.key ?? null,
    logo_content_type: logo?.contentType ?? null,
    verified_at: input.isVerified === false ? null : now.toISOString(),
    webhook_url: input.webhookUrl ?? null,
    webhook_secret: webhookSecret,
    created_at: now.toISOString(),
  };
  await insertProvider(app.db, row);
  const apiKey = await issueApiKey(app, row.id);
  return { provider: toProvider(row), apiKey, webhookSecret };
}

async function requireProvider(app: App, providerId: string): Promise<ProviderRow> {
  const provider = await findProviderById(app.db, providerId);
  if (!provider) throw new AppError('NOT_FOUND', { message: 'No provider has this id.' });
  return provider;
}

/** A new key; every older one stops working at once. */
export async function rotateApiKey(app: App, providerId: string): Promise<string> {
  await requireProvider(app, providerId);
  return app.db.transaction().execute(async (trx) => {
    await revokeApiKeysOfProvider(trx, providerId, app.clock.now().toISOString());
    return issueApiKey({ ...app, db: trx }, providerId);
  });
}

export async function revokeApiKeys(app: App, providerId: string): Promise<number> {
  await requireProvider(app, providerId);
  return revokeApiKeysOfProvider(app.db, providerId, app.clock.now().toISOString());
}

export async function listProviders(
  app: App,
): Promise<
  Array<Provider & { created_at: string; live_keys: number; webhook_url: string | null }>
> {
  const rows = await findAllProviders(app.db);
  return Promise.all(
    rows.map(async (row) => ({
      ...toProvider(row),
      created_at: row.created_at,
      webhook_url: row.webhook_url,
      live_keys: await countLiveKeys(app.db, row.id),
    })),
  );
}

/** The provider a Bearer key belongs to, or undefined for a missing, unknown or revoked key. */
export async function authenticateApiKey(app: App, key: string): Promise<ProviderRow | undefined> {
  if (!API_KEY_PATTERN.test(key)) return undefined;
  const found = await findProviderByKeyHash(app.db, hashApiKey(key));
  if (!found) return undefined;
  const now = app.clock.now();
  const lastUsed = found.key_last_used_at ? Date.parse(found.key_last_used_at) : 0;
  if (now.getTime() - lastUsed > KEY_USE_RESOLUTION_MS) {
    await markApiKeyUsed(app.db, found.key_id, now.toISOString());
  }
  const { key_id: _keyId, key_last_used_at: _lastUsed, ...provider } = found;
  return provider;
}

export async function getProvider(app: App, providerId: string): Promise<ProviderRow | undefined> {
  return findProviderById(app.db, providerId);
}

/** Sets the webhook URL with a fresh signing secret, which the provider sees this once. */
export async function setProviderWebhook(
  app: App,
  providerId: string,
  url: string,
): Promise<WebhookConfig> {
  // Names are checked again on every delivery, against the address they resolve to then.
  if (!app.config.webhookAllowPrivateNetworks && isRefusedHostLiteral(new URL(url).hostname)) {
    throw new AppError('VALIDATION_FAILED', {
      details: [{ path: 'body.url', message: 'Must be a public address, not a private network' }],
    });
  }
  const secret = newSecret(32);
  await updateProviderWebhook(app.db, providerId, { url, secret });
  return { url, secret };
}

export function toWebhookConfig(provider: ProviderRow): WebhookConfig {
  return { url: provider.webhook_url, secret: provider.webhook_secret };
}

/** Providers that wrote to the account, by name, with the letters area's counts. */
export async function listAccountProviders(
  app: App & Pick<FastifyInstance, 'providerLetterCounts'>,
  userId: string,
  accountId: string,
): Promise<AccountProvider[]> {
  await assertAccountAction(app.db, userId, accountId, 'read');
  const counts = await app.providerLetterCounts.countOfAccount(app.db, userId, accountId);
  const providers = await findProvidersByIdsByName(app.db, [...counts.keys()]);
  return providers.map((provider) => {
    const { letter_count = 0, unread_count = 0 } = counts.get(provider.id) ?? {};
    return toAccountProvider({ ...provider, letter_count, unread_count });
  });
}

export interface ProviderLogo {
  key: string;
  contentType: string;
  bytes: Buffer;
}

export async function getProviderLogo(app: App, providerId: string): Promise<ProviderLogo> {
  const provider = await findProviderById(app.db, providerId);
  if (!provider?.logo_key || !provider.logo_content_type) throw new AppError('NOT_FOUND');
  const bytes = await app.documents.read(provider.logo_key);
  return { key: provider.logo_key, contentType: provider.logo_content_type, bytes };
}
