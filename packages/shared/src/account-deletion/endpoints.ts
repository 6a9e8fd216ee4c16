import { endpoint } from '../api/index.ts';
import { sessionResponseSchema } from '../auth/index.ts';
import {
  accountDeletionConfirmSchema,
  accountDeletionRequestSchema,
  accountDeletionScheduledSchema,
  deletionCancelSchema,
} from './index.ts';

export const accountDeletionEndpoints = {
  /** Password right and nothing in the way: a code goes to the person's e-mail address. */
  request: endpoint({
    method: 'POST',
    path: '/api/profile/deletion',
    body: accountDeletionRequestSchema,
  }),
  /** The mailed code: every session ends and the account is deleted in 30 days. */
  confirm: endpoint({
    method: 'POST',
    path: '/api/profile/deletion/confirm',
    body: accountDeletionConfirmSchema,
    answer: accountDeletionScheduledSchema,
  }),
  /** With the token a login during the grace period answered: cancels and logs in. */
  cancel: endpoint({
    method: 'POST',
    path: '/api/auth/deletion/cancel',
    body: deletionCancelSchema,
    answer: sessionResponseSchema,
  }),
};
