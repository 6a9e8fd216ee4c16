import type { FastifyInstance } from 'fastify';
import type { ForwardingSettings, UpdateForwardingRequest } from '@kuvert/shared/forwarding';
import { AppError } from '../../plugins/app-error.ts';
import { recordAuditEvent, type RequestOrigin } from '../../plugins/audit.ts';
import { findAccountIdsOfUser } from '../accounts/accounts.service.ts';
import { listAccountProviders } from '../providers/providers.service.ts';
import { findProviderRefsByName } from '../providers/provider-refs.service.ts';
import { getUserById } from '../users/users.service.ts';
import {
  deleteSettings,
  findChosenProviderIds,
  findSettingsRow,
  writeSettings,
} from './forwarding.repository.ts';

/*
 * A person's forwarding of letters by e-mail: off (no row), on for every provider, or on for
 * chosen ones. Letters go to the person's own login address, which was verified when the
 * login was made; nobody can enter another address here.
 */

/** The providers that wrote to any mailbox the person belongs to now, by name. */
async function providerChoices(
  app: FastifyInstance,
  userId: string,
): Promise<Array<{ id: string; name: string }>> {
  const accountIds = await findAccountIdsOfUser(app.db, userId);
  const lists = await Promise.all(
    accountIds.map((accountId) => listAccountProviders(app, userId, accountId)),
  );
  const byId = new Map<string, string>();
  for (const provider of lists.flat()) byId.set(provider.id, provider.name);
  return [...byId]
    .map(([id, name]) => ({ id, name }))
    .toSorted((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

export async function getForwardingSettings(
  app: FastifyInstance,
  userId: string,
): Promise<ForwardingSettings> {
  const user = await getUserById(app.db, userId);
  if (!user) throw new AppError('NOT_FOUND');
  const [row, chosen, choices] = await Promise.all([
    findSettingsRow(app.db, userId),
    findChosenProviderIds(app.db, userId),
    providerChoices(app, userId),
  ]);
  // A chosen provider stays listed (and can be taken off) after the mailbox it wrote to left.
  const missing = chosen.filter((id) => !choices.some((choice) => choice.id === id));
  const extra = (await findProviderRefsByName(app.db, missing)).map((provider) => ({
    id: provider.id,
    name: provider.name,
  }));
  return {
    enabled: row !== undefined,
    scope: row?.scope === 'chosen' ? 'chosen' : 'all',
    provider_ids: chosen,
    email: user.email,
    providers: [...choices, ...extra],
  };
}

export async function updateForwardingSettings(
  app: FastifyInstance,
  userId: string,
  request: UpdateForwardingRequest,
  origin: RequestOrigin,
): Promise<ForwardingSettings> {
  const providerIds = request.scope === 'chosen' ? [...new Set(request.provider_ids)] : [];
  if (request.enabled && request.scope === 'chosen') {
    if (providerIds.length === 0) {
      throw new AppError('VALIDATION_FAILED', {
        details: [{ path: 'body.provider_ids', message: 'Choose at least one provider' }],
      });
    }
    const choices = await providerChoices(app, userId);
    const kept = await findChosenProviderIds(app.db, userId);
    const allowed = new Set([...choices.map((choice) => choice.id), ...kept]);
    if (providerIds.some((id) => !allowed.has(id)))
      throw new AppError('FORWARDING_PROVIDER_UNKNOWN');
  }
  await app.db.transaction().execute(async (trx) => {
    const wasOn = (await findSettingsRow(trx, userId)) !== undefined;
    if (!request.enabled) {
      if (await deleteSettings(trx, userId)) {
        await recordAuditEvent(app, trx, { userId, type: 'forwarding_disabled', origin });
      }
      return;
    }
    await writeSettings(trx, {
      userId,
      scope: request.scope,
      providerIds,
      nowIso: app.clock.now().toISOString(),
    });
    if (!wasOn) await recordAuditEvent(app, trx, { userId, type: 'forwarding_enabled', origin });
  });
  return getForwardingSettings(app, userId);
}
