import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { emailSchema, languages, languageSchema } from '@kuvert/shared/auth';
import { AppError } from '../plugins/app-error.ts';
import { createOnboardingLink } from '../modules/identity/onboarding.service.ts';
import { inviteUser } from '../modules/users/users.service.ts';
import { rebuildSearchIndex } from '../plugins/search-index.ts';
import { accountCommands } from './account-commands.ts';
import { printBatchCommands } from './print-batch-commands.ts';
import { providerCommands } from './provider-commands.ts';
import { storageCommands } from './storage-commands.ts';
import { CannotRunError, UsageError } from './usage-error.ts';

/** Where a command writes; the entry point binds it to the console, tests capture it. */
export interface CliIo {
  out(text: string): void;
  error(text: string): void;
}

export interface OpenedApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

export interface CliCommand {
  /** The words that select the command, e.g. ['user', 'invite']. */
  words: string[];
  usage: string;
  run(app: FastifyInstance, args: string[], io: CliIo): Promise<number>;
}

const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

/** `<email> [--first-name NAME] [--last-name NAME] [--language en|de|sv|da|nb]`, as `user invite` and `user onboard` take them. */
function parseNewUserArgs(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      language: { type: 'string' },
    },
  });
  const email = emailSchema.safeParse(positionals[0] ?? '');
  if (!email.success || positionals.length !== 1)
    throw new UsageError('expected one e-mail address');
  const language = languageSchema.safeParse(values.language ?? 'en');
  if (!language.success) throw new UsageError(`--language must be one of ${languages.join(', ')}`);
  return {
    email: email.data,
    firstName: values['first-name'],
    lastName: values['last-name'],
    language: language.data,
  };
}

const userInvite: CliCommand = {
  words: ['user', 'invite'],
  usage:
    'user invite <email> [--first-name NAME] [--last-name NAME] [--language en|de|sv|da|nb]\n' +
    '      Create a user without a password and mail them an invitation link.',
  async run(app, args, io) {
    const newUser = parseNewUserArgs(args);

    const { user, isResent } = await inviteUser(app, {
      ...newUser,
    });
    io.out(
      isResent
        ? `Sent a new invitation to ${user.email} (user ${user.id} had not accepted yet).`
        : `Invited ${user.email}: created user ${user.id} with a personal account.`,
    );
    io.out(`Invitation mail went to: ${app.mailer.destination ?? 'the configured mailer'}`);
    return 0;
  },
};

const userOnboard: CliCommand = {
  words: ['user', 'onboard'],
  usage:
    'user onboard <email> [--first-name NAME] [--last-name NAME] [--language en|de|sv|da|nb]\n' +
    '      Make a single-use link (7 days), printed here and mailed to the address, with which the\n' +
    '      person verifies their identity (OpenID Connect) and then sets a password; their name\n' +
    '      is the verified one.',
  async run(app, args, io) {
    const newUser = parseNewUserArgs(args);

    const { user, link, isResent } = await createOnboardingLink(app, {
      ...newUser,
    });
    io.out(
      isResent
        ? `Made a new onboarding link for ${user.email} (user ${user.id}); the earlier one no longer works.`
        : `Made an onboarding link for ${user.email}: created user ${user.id} with a personal account.`,
    );
    io.out(`Onboarding link (single use, valid 7 days): ${link}`);
    io.out(`Onboarding mail went to: ${app.mailer.destination ?? 'the configured mailer'}`);
    return 0;
  },
};

const searchReindex: CliCommand = {
  words: ['search', 'reindex'],
  usage:
    'search reindex\n' +
    '      Rebuild the full-text index of every letter and upload (after a VACUUM, or if search seems off).',
  async run(app, args, io) {
    if (args.length > 0) throw new UsageError('expected no arguments');
    const indexed = await rebuildSearchIndex(app);
    io.out(`Indexed ${indexed.letters} letters and ${indexed.uploads} uploads.`);
    return 0;
  },
};

/** Every command. */
const commands: CliCommand[] = [
  userInvite,
  userOnboard,
  ...accountCommands,
  ...providerCommands,
  searchReindex,
  ...storageCommands,
  ...printBatchCommands,
];

export function usageText(): string {
  const lines = commands.map((command) => `  kuvert ${command.usage}`);
  return [
    'Usage:',
    ...lines,
    '',
    'Configuration is read from the environment, as for the server (DATA_DIR or DATABASE_URL).',
    'Add --create-database to let a command start an empty database where none exists.',
  ].join('\n');
}

function findCommand(argv: string[]): { command: CliCommand; args: string[] } | undefined {
  for (const command of commands) {
    const isMatch = command.words.every((word, index) => argv[index] === word);
    if (isMatch) return { command, args: argv.slice(command.words.length) };
  }
  return undefined;
}

/** Runs one command; answers the process exit code. Opens the app only for a known command. */
export async function runCli(
  argv: string[],
  io: CliIo,
  openApp: () => Promise<OpenedApp>,
): Promise<number> {
  const found = findCommand(argv);
  if (!found) {
    io.error(usageText());
    return EXIT_USAGE;
  }
  let opened: OpenedApp;
  try {
    opened = await openApp();
  } catch (error) {
    if (!(error instanceof CannotRunError)) throw error;
    io.error(error.message);
    return EXIT_FAILED;
  }
  try {
    return await found.command.run(opened.app, found.args, io);
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      io.error(`${error.message}\n\n  kuvert ${found.command.usage}`);
      return EXIT_USAGE;
    }
    if (error instanceof AppError) {
      io.error(`${error.code}: ${error.message}`);
      return EXIT_FAILED;
    }
    throw error;
  } finally {
    await opened.close();
  }
}
