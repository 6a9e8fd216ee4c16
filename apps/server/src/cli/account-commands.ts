import { parseArgs } from 'node:util';
import { emailSchema } from '@kuvert/shared/auth';
import { accountRoleSchema } from '@kuvert/shared/accounts';
import { accessUntilSchema } from '@kuvert/shared/members';
import { addMemberToPersonalAccount } from '../modules/users/personal-mailbox.service.ts';
// A type-only import: run-cli.ts imports this file's commands, so no runtime cycle arises.
import type { CliCommand } from './run-cli.ts';
import { UsageError } from './usage-error.ts';

const accountAddMember: CliCommand = {
  words: ['account', 'add-member'],
  usage:
    'account add-member <owner-email> <member-email> [--role viewer|member|owner] [--until YYYY-MM-DD]\n' +
    "      Share the owner's personal account: the member sees its letters with the role\n" +
    '      (default member; a viewer reads but cannot pay, sign or change) until the end of the\n' +
    '      day given (a past day ends the access at once; left out: no end). Again to change both.',
  async run(app, args, io) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { role: { type: 'string' }, until: { type: 'string' } },
    });
    if (positionals.length !== 2) throw new UsageError('expected two e-mail addresses');
    const owner = emailSchema.safeParse(positionals[0]);
    const member = emailSchema.safeParse(positionals[1]);
    if (!owner.success || !member.success) throw new UsageError('expected two e-mail addresses');
    const role = accountRoleSchema.safeParse(values.role ?? 'member');
    if (!role.success) {
      throw new UsageError(`--role must be one of ${accountRoleSchema.options.join(', ')}`);
    }
    const until =
      values.until === undefined ? undefined : accessUntilSchema.safeParse(values.until);
    if (until && !until.success) throw new UsageError('--until must be a day, YYYY-MM-DD');
    const accessUntil = until?.data ?? null;
    if (role.data === 'owner' && accessUntil !== null) {
      throw new UsageError('an owner has no end date: leave out --until, or give another role');
    }
    const { accountId } = await addMemberToPersonalAccount(app, {
      ownerEmail: owner.data,
      memberEmail: member.data,
      role: role.data,
      accessUntil,
    });
    const ending = accessUntil === null ? '' : ` until ${accessUntil}`;
    io.out(
      `${member.data} is now ${role.data === 'owner' ? 'an' : 'a'} ${role.data} of the personal account of ${owner.data} (${accountId})${ending}.`,
    );
    return 0;
  },
};

export const accountCommands: CliCommand[] = [accountAddMember];
