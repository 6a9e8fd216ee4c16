import type { AccountRole } from '../accounts/index.ts';

/*
 * Who may do what in a mailbox (account): the one rule. The server refuses with it (403) and
 * the web decides with it what to offer, so the two cannot disagree.
 */

/** What a member of a mailbox may try to do there. */
export const accountActions = [
  /** See and download what the mailbox holds: letters, uploads, files, contacts, the trash. */
  'read',
  /** Mark read, move into folders and case files, rename, edit contacts, trash and restore. */
  'organize',
  /** Empty the trash, or delete something in it for good. */
  'delete-forever',
  /** Upload files; see and cancel one's own uploads in progress. */
  'upload',
  /** See and cancel the uploads in progress that other members started. */
  'manage-others-uploads',
  /** Write drafts, reply, send letters and mail merges. */
  'send',
  /** Fill in forms, attach files to them and submit them. */
  'fill-in-forms',
  'pay',
  'sign',
  /** Invite people, change their roles and end dates, remove them, hand the mailbox over. */
  'manage-members',
] as const;
export type AccountAction = (typeof accountActions)[number];

const everyone: readonly AccountRole[] = ['owner', 'member', 'viewer'];
const members: readonly AccountRole[] = ['owner', 'member'];
const owners: readonly AccountRole[] = ['owner'];

/** The roles allowed each action. A viewer reads; members change; the owner also oversees. */
const allowedRoles: Record<AccountAction, readonly AccountRole[]> = {
  read: everyone,
  organize: members,
  'delete-forever': members,
  upload: members,
  'manage-others-uploads': owners,
  send: members,
  'fill-in-forms': members,
  pay: members,
  sign: members,
  'manage-members': owners,
};

export function can(role: AccountRole, action: AccountAction): boolean {
  return allowedRoles[action].includes(role);
}
