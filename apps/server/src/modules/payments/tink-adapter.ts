import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Language } from '@kuvert/shared/auth';
import type { Clock } from '../../clock.ts';
import type { TinkConfig } from '../../config/env.ts';
import { AppError } from '../../plugins/app-error.ts';
import type {
  PaymentInitiation,
  PaymentProvider,
  ProviderPaymentStatus,
} from './payment-provider.ts';
import { summariseTinkTransfers } from './tink-status.ts';

/**
 * Tink payment initiation ("one-time payments", docs.tink.com): a client-credentials token,
 * a payment request, Tink Link for the payer, and the request's transfers for the status.
 */

const TOKEN_SCOPE = 'payment:read,payment:write';
const REQUEST_TIMEOUT_MS = 10_000;
/** A cached token is renewed this long before Tink says it expires. */
const TOKEN_RENEWAL_MARGIN_SECONDS = 60;
/**
 * A payment request without any transfer after this long was never started in Tink Link (a
 * started one that stalls Tink itself cancels after 9 minutes): it is given up as expired.
 */
export const TINK_UNSTARTED_EXPIRY_SECONDS = 30 * 60;
/** Field limits from Tink's API reference. */
const RECIPIENT_NAME_MAX = 30;
const REMITTANCE_MAX = 140;
const SOURCE_MESSAGE_MAX = 50;
const tinkLocales: Record<Language, string> = {
  en: 'en_US',
  de: 'de_DE',
  sv: 'sv_SE',
  da: 'da_DK',
  nb: 'nb_NO',
};

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
});
const paymentRequestSchema = z.object({ id: z.string().min(1) });
const transfersSchema = z.object({
  paymentRequestCreatedTransfers: z.array(
    z.object({
      status: z.string(),
      statusMessage: z.string().nullish(),
      updated: z.number().nullish(),
    }),
  ),
});

/** Anything that went wrong talking to Tink; logged, and answered 502 to the client. */
class TinkRequestError extends Error {
  readonly status: number | undefined;
  readonly body: unknown;
  constructor(message: string, options: { status?: number; body?: unknown; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'TinkRequestError';
    this.status = options.status;
    this.body = options.body;
  }
}

interface TinkResponse {
  status: number;
  body: unknown;
}

export interface TinkAdapterOptions {
  config: TinkConfig;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
  timeoutMs?: number;
}

/** Tink takes amounts in major units as a JSON number: 12345 cents → 123.45. */
export function toMajorUnits(amount: number, currency: string): number {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return Number((amount / 10 ** digits).toFixed(digits));
}

/** The body of POST /api/v1/payments/requests for one invoice. */
export function paymentRequestBody(payment: PaymentInitiation, market: string) {
  return {
    recipient: {
      accountNumber: payment.iban,
      accountType: 'iban',
      ...(payment.bic ? { businessIdentifierCode: payment.bic } : {}),
    },
    amount: toMajorUnits(payment.amount, payment.currency),
    currency: payment.currency,
    market,
    recipientName: payment.creditorName.slice(0, RECIPIENT_NAME_MAX),
    remittanceInformation: {
      type: 'UNSTRUCTURED',
      value: payment.reference.slice(0, REMITTANCE_MAX),
    },
    // Only Swedish banks show a payer-side message (Tink's docs).
    ...(market === 'SE'
      ? {
          sourceMessage: `${payment.creditorName} ${payment.reference}`.slice(
            0,
            SOURCE_MESSAGE_MAX,
          ),
        }
      : {}),
    // An instant scheme falls back to a regular transfer where the bank has none.
    ...(payment.currency === 'EUR' ? { paymentScheme: 'SEPA_INSTANT_CREDIT_TRANSFER' } : {}),
  };
}

/**
 * Tink only sends users back to a redirect URI registered in its Console, matched exactly, so
 * the return URL goes without its query: `${publicUrl}/invoice-tink` is what to register. The
 * page finds the payment in the browser's local storage, and the server asks Tink for the
 * outcome either way.
 */
export function tinkRedirectUri(returnUrl: string): string {
  const url = new URL(returnUrl);
  url.search = '';
  url.hash = '';
  return url.toString();
}

export function tinkLinkUrl(
  config: TinkConfig,
  payment: { paymentRequestId: string; returnUrl: string; language: Language },
): string {
  const url = new URL(`${config.linkUrl}/1.0/pay/`);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', tinkRedirectUri(payment.returnUrl));
  url.searchParams.set('market', config.market);
  url.searchParams.set('locale', tinkLocales[payment.language]);
  url.searchParams.set('payment_request_id', payment.paymentRequestId);
  return url.toString();
}

export function createTinkAdapter(options: TinkAdapterOptions): PaymentProvider {
  const { config, clock, log } = options;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let cachedToken: { value: string; renewAt: number } | undefined;
  let tokenRequest: Promise<string> | undefined;

  async function send(path: string, init: RequestInit): Promise<TinkResponse> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        ...init,
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new TinkRequestError(`${init.method ?? 'GET'} ${path}: no answer`, { cause: error });
    }
    let body: unknown = text;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page): kept as text for the log.
    }
    return { status: response.status, body };
  }

  async function requestToken(): Promise<string> {
    const form = new URLSearchParams({
      client_id: config.clientId,
      client_secret: config.clientSecret,
      grant_type: 'client_credentials',
      scope: TOKEN_SCOPE,
    });
    const response = await send('/api/v1/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const parsed = tokenSchema.safeParse(response.body);
    if (response.status !== 200 || !parsed.success) {
      throw new TinkRequestError('token request refused', { status: response.status });
    }
    const lifetimeSeconds = Math.max(0, parsed.data.expires_in - TOKEN_RENEWAL_MARGIN_SECONDS);
    cachedToken = {
      value: parsed.data.access_token,
      renewAt: clock.now().getTime() + lifetimeSeconds * 1000,
    };
    return parsed.data.access_token;
  }

  /** One token for all requests until shortly before it expires; one renewal at a time. */
  async function accessToken(): Promise<string> {
    if (cachedToken && clock.now().getTime() < cachedToken.renewAt) return cachedToken.value;
    tokenRequest ??= requestToken().finally(() => {
      tokenRequest = undefined;
    });
    return tokenRequest;
  }

  /** An API call with the client token; a 401 (token revoked early) renews it once. */
  async function callApi(method: 'GET' | 'POST', path: string, body?: unknown) {
    for (let attempt = 1; ; attempt += 1) {
      const token = await accessToken();
      const response = await send(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (response.status !== 401 || attempt > 1) return response;
      cachedToken = undefined;
    }
  }

  function unavailable(error: unknown): AppError {
    if (error instanceof AppError) return error;
    const details =
      error instanceof TinkRequestError ? { status: error.status, body: error.body } : {};
    log.warn({ err: error, ...details }, 'Tink payment request failed');
    return new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  }

  return {
    method: 'tink',

    async initiate(payment) {
      try {
        const response = await callApi(
          'POST',
          '/api/v1/payments/requests',
          paymentRequestBody(payment, config.market),
        );
        const parsed = paymentRequestSchema.safeParse(response.body);
        if (response.status < 200 || response.status >= 300 || !parsed.success) {
          throw new TinkRequestError('payment request refused', {
            status: response.status,
            body: response.body,
          });
        }
        return {
          externalId: parsed.data.id,
          redirectUrl: tinkLinkUrl(config, {
            paymentRequestId: parsed.data.id,
            returnUrl: payment.returnUrl,
            language: payment.language,
          }),
        };
      } catch (error) {
        throw unavailable(error);
      }
    },

    async getStatus({ externalId, startedAt }): Promise<ProviderPaymentStatus> {
      try {
        const path = `/api/v1/payments/requests/${encodeURIComponent(externalId)}/transfers`;
        const response = await callApi('GET', path);
        if (response.status === 404) {
          return {
            status: 'failed',
            failureReason: 'provider_error',
            message: 'Tink does not know this payment request',
          };
        }
        const parsed = transfersSchema.safeParse(response.body);
        if (response.status !== 200 || !parsed.success) {
          throw new TinkRequestError('transfers not readable', {
            status: response.status,
            body: response.body,
          });
        }
        const summary = summariseTinkTransfers(parsed.data.paymentRequestCreatedTransfers);
        if (summary && summary.unknownStatuses.length > 0) {
          log.warn({ externalId, statuses: summary.unknownStatuses }, 'unknown Tink status');
        }
        if (summary) return summary.outcome;
        const ageSeconds = (clock.now().getTime() - startedAt.getTime()) / 1000;
        if (ageSeconds < TINK_UNSTARTED_EXPIRY_SECONDS) return { status: 'pending' };
        return {
          status: 'failed',
          failureReason: 'expired',
          message: 'The payer never started the payment in Tink Link',
        };
      } catch (error) {
        throw unavailable(error);
      }
    },
  };
}
