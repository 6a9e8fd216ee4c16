import { parseArgs } from 'node:util';
import { emailSchema } from '@kuvert/shared/auth';
import { accountRoleSchema } from '@kuvert/shared/accounts';
import { addMemberToPersonalAccount } from '../modules/users/personal-mailbox.service.ts';
// A type-only import: run-cli.ts imports this file's commands, so no runtime cycle arises.
import type { CliCommand } from './run-cli.ts';
import { UsageError } from './usage-error.ts';

const accountAddMember: CliCommand = {
  words: ['account', 'add-member'],
  usage:
    'account add-member <owner-email> <member-email> [--role viewer|member|owner]\n' +
    "      Share the owner's personal account: the member sees its letters with the role\n" +
    '      (default member; a viewer reads but cannot pay, sign or change). Again to change the role.',
  async run(app, args, io) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { role: { type: 'string' } },
    });
    if (positionals.length !== 2) throw new UsageError('expected two e-mail addresses');
    const owner = emailSchema.safeParse(positionals[0]);
    const member = emailSchema.safeParse(positionals[1]);
    if (!owner.success || !member.success) throw new UsageError('expected two e-mail addresses');
    const role = accountRoleSchema.safeParse(values.role ?? 'member');
    if (!role.success) {
      throw new UsageError(`--role must be one of ${accountRoleSchema.options.join(', ')}`);
    }
    const { accountId } = await addMemberToPersonalAccount(app, {
      ownerEmail: owner.data,
      memberEmail: member.data,
      role: role.data,
    });
    io.out(
      `${member.data} is now ${role.data === 'owner' ? 'an' : 'a'} ${role.data} of the personal account of ${owner.data} (${accountId}).`,
    );
    return 0;
  },
};

export const accountCommands: CliCommand[] = [accountAddMember];
