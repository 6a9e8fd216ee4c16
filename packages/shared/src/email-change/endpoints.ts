import { endpoint } from '../api/index.ts';
import {
  emailChangeConfirmedSchema,
  emailChangeLinkInfoSchema,
  emailChangeRequestSchema,
  emailChangeStatusSchema,
  emailChangeTokenSchema,
  pendingEmailChangeSchema,
} from './index.ts';

export const emailChangeEndpoints = {
  /** The caller's pending change, if any. */
  get: endpoint({
    method: 'GET',
    path: '/api/profile/email-change',
    answer: emailChangeStatusSchema,
  }),
  /** Asks for a change (replacing a pending one); mails both addresses. */
  request: endpoint({
    method: 'POST',
    path: '/api/profile/email-change',
    body: emailChangeRequestSchema,
    answer: pendingEmailChangeSchema,
  }),
  /** Mails fresh links for the pending change; the earlier ones stop working. */
  resend: endpoint({
    method: 'POST',
    path: '/api/profile/email-change/resend',
    answer: pendingEmailChangeSchema,
  }),
  /** Withdraws the pending change from the profile. */
  cancel: endpoint({ method: 'DELETE', path: '/api/profile/email-change' }),
  /** What the link to the new address is about (public: the token is the credential). */
  getConfirmLink: endpoint({
    method: 'GET',
    path: '/api/email-change/confirm',
    query: emailChangeTokenSchema,
    answer: emailChangeLinkInfoSchema,
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/api/email-change/confirm',
    body: emailChangeTokenSchema,
    answer: emailChangeConfirmedSchema,
  }),
  /** What the link to the old address is about (public: the token is the credential). */
  getCancelLink: endpoint({
    method: 'GET',
    path: '/api/email-change/cancel',
    query: emailChangeTokenSchema,
    answer: emailChangeLinkInfoSchema,
  }),
  cancelByLink: endpoint({
    method: 'POST',
    path: '/api/email-change/cancel',
    body: emailChangeTokenSchema,
  }),
};
