import { endpoint } from '../api/index.ts';
import {
  emailVerificationConfirmSchema,
  emailVerificationInfoSchema,
  loginRequestSchema,
  passwordResetConfirmSchema,
  passwordResetInfoSchema,
  passwordResetRequestSchema,
  sessionResponseSchema,
  tokenQuerySchema,
} from './index.ts';

export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    body: loginRequestSchema,
    answer: sessionResponseSchema,
  }),
  logout: endpoint({ method: 'POST', path: '/api/auth/logout' }),
  refresh: endpoint({ method: 'POST', path: '/api/auth/refresh', answer: sessionResponseSchema }),
  session: endpoint({ method: 'GET', path: '/api/auth/session', answer: sessionResponseSchema }),
  requestPasswordReset: endpoint({
    method: 'POST',
    path: '/api/auth/password-reset',
    body: passwordResetRequestSchema,
  }),
  getPasswordReset: endpoint({
    method: 'GET',
    path: '/api/auth/password-reset',
    query: tokenQuerySchema,
    answer: passwordResetInfoSchema,
  }),
  confirmPasswordReset: endpoint({
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    body: passwordResetConfirmSchema,
  }),
  getEmailVerification: endpoint({
    method: 'GET',
    path: '/api/auth/email-verification',
    query: tokenQuerySchema,
    answer: emailVerificationInfoSchema,
  }),
  confirmEmailVerification: endpoint({
    method: 'POST',
    path: '/api/auth/email-verification',
    body: emailVerificationConfirmSchema,
  }),
};
