import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { providerCategorySchema } from '@kuvert/shared/providers';
import { z } from 'zod';
import {
  createProvider,
  listProviders,
  revokeApiKeys,
  rotateApiKey,
} from '../modules/providers/providers.service.ts';
// A type-only import: run-cli.ts imports this file's commands, so no runtime cycle arises.
import type { CliCommand } from './run-cli.ts';
import { UsageError } from './usage-error.ts';

const webhookUrlSchema = z.url().refine((value) => /^https?:\/\//.test(value), 'http(s) URL');

function oneId(positionals: string[]): string {
  const [id] = positionals;
  if (!id || positionals.length !== 1) throw new UsageError('expected one provider id');
  return id;
}

const providerCreate: CliCommand = {
  words: ['provider', 'create'],
  usage:
    'provider create "<name>" [--category utility] [--webhook-url URL] [--logo logo.svg|png]\n' +
    '      Register a provider; prints its id and Sender API key (shown once only).',
  async run(app, args, io) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        category: { type: 'string' },
        'webhook-url': { type: 'string' },
        logo: { type: 'string' },
      },
    });
    const name = positionals[0]?.trim();
    if (!name || positionals.length !== 1) throw new UsageError('expected one name');
    const category = providerCategorySchema.safeParse(values.category ?? 'other');
    if (!category.success) {
      throw new UsageError(
        `--category must be one of ${providerCategorySchema.options.join(', ')}`,
      );
    }
    const webhook = webhookUrlSchema.optional().safeParse(values['webhook-url']);
    if (!webhook.success) throw new UsageError('--webhook-url must be an http(s) URL');
    const logo = values.logo ? await readFile(values.logo) : undefined;

    const created = await createProvider(app, {
      name,
      category: category.data,
      webhookUrl: webhook.data,
      logo,
    });
    io.out(`Created provider ${created.provider.name}`);
    io.out(`  id:              ${created.provider.id}`);
    io.out(`  API key:         ${created.apiKey}`);
    if (created.webhookSecret) io.out(`  webhook secret:  ${created.webhookSecret}`);
    io.out('Store the key now: Kuvert keeps only its hash and cannot show it again.');
    return 0;
  },
};

const providerRotateKey: CliCommand = {
  words: ['provider', 'rotate-key'],
  usage:
    'provider rotate-key <id>\n      Issue a new API key; every older key stops working at once.',
  async run(app, args, io) {
    const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
    const key = await rotateApiKey(app, oneId(positionals));
    io.out(`New API key: ${key}`);
    io.out('The previous keys are revoked. Store this one now: it is not shown again.');
    return 0;
  },
};

const providerRevokeKey: CliCommand = {
  words: ['provider', 'revoke-key'],
  usage:
    'provider revoke-key <id>\n      Revoke every API key of the provider (rotate-key issues a new one).',
  async run(app, args, io) {
    const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
    const count = await revokeApiKeys(app, oneId(positionals));
    io.out(`Revoked ${count} key${count === 1 ? '' : 's'}.`);
    return 0;
  },
};

const providerList: CliCommand = {
  words: ['provider', 'list'],
  usage: 'provider list\n      Every provider with its id, category and number of live keys.',
  async run(app, _args, io) {
    const providers = await listProviders(app);
    if (providers.length === 0) io.out('No providers yet: kuvert provider create "<name>"');
    for (const provider of providers) {
      const webhook = provider.webhook_url ? `  webhook ${provider.webhook_url}` : '';
      io.out(
        `${provider.id}  ${provider.name}  (${provider.category}, ${provider.live_keys} live key${provider.live_keys === 1 ? '' : 's'})${webhook}`,
      );
    }
    return 0;
  },
};

export const providerCommands: CliCommand[] = [
  providerCreate,
  providerRotateKey,
  providerRevokeKey,
  providerList,
];
