import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { WebhookEventType } from '@kuvert/shared/sender-api';
import type { Clock } from '../clock.ts';
import {
  guardedLookup,
  isRefusedHostLiteral,
  PrivateNetworkError,
  type HostResolver,
} from './network-guard.ts';

/*
 * Webhooks to providers — a public contract (DESIGN.md §6); add, never change.
 *
 *   POST <the provider's webhook URL>
 *   Content-Type: application/json
 *   Kuvert-Event-Id: <event id>      the same on every retry of one event: ignore repeats
 *   Kuvert-Signature: t=<unix seconds>,v1=<signature>
 *
 *   { "id": "<event id>", "type": "letter.read", "created_at": "<ISO-8601>", "data": { … } }
 *
 * `data` by type: letter.read { letter_id, read_at }; invoice.paid { letter_id, external_id,
 * amount, currency, reference, paid_at, paid_via: "kuvert" | "elsewhere" }
 * (invoicePaidWebhookDataSchema in packages/shared/src/sender-api); signature.completed,
 * signature.declined, signature.expired { letter_id, external_id, status, …, signers,
 * declined_reason, signed_document_url, signed_document_sha256 } (signatureWebhookDataSchema);
 * form.submitted { message_id, reference, form: { id, version }, data, submitted_at, pdf_url }
 * (formSubmittedWebhookDataSchema in packages/shared/src/forms), sent once the PDF is made.
 *
 * <signature> is the lower-case hex HMAC-SHA256, keyed with the webhook secret, of
 * "<t>.<raw request body>". To verify: take t and every v1 (more than one may come while a
 * secret is rotated), compute the HMAC over the raw bytes as received (not re-serialised
 * JSON), compare in constant time, and reject if t is more than 5 minutes from your clock,
 * which stops replays. Answer 2xx within 10 seconds; anything else (redirects included) is
 * retried with exponential backoff.
 */

export const SIGNATURE_HEADER = 'Kuvert-Signature';
export const EVENT_ID_HEADER = 'Kuvert-Event-Id';
export const SIGNATURE_TOLERANCE_SECONDS = 300;
const DELIVERY_TIMEOUT_MS = 10_000;

function hmacHex(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The Kuvert-Signature header value for `body` sent at `timestamp` (unix seconds). */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, body)}`;
}

function parseSignatureHeader(
  header: string,
): { timestamp: number; signatures: string[] } | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    if (name === 'v1' && value) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return undefined;
  return { timestamp, signatures };
}

export interface SignatureCheck {
  secret: string;
  /** The Kuvert-Signature header as received. */
  header: string;
  /** The raw request body. */
  body: string;
  now: Date;
  toleranceSeconds?: number;
}

/** What a provider does on receipt; here for the providers' reference and for tests. */
export function verifyWebhookSignature(check: SignatureCheck): boolean {
  const parsed = parseSignatureHeader(check.header);
  if (!parsed) return false;
  const tolerance = check.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor(check.now.getTime() / 1000);
  if (Math.abs(nowSeconds - parsed.timestamp) > tolerance) return false;
  const expected = Buffer.from(hmacHex(check.secret, parsed.timestamp, check.body), 'hex');
  return parsed.signatures.some((signature) => {
    const candidate = Buffer.from(signature, 'hex');
    // Equal lengths first: timingSafeEqual throws otherwise, and length is no secret.
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
}

export interface WebhookEvent {
  /** Stable across retries, so the provider can recognise a repeat. */
  id: string;
  type: WebhookEventType;
  /** When the event happened, not when this delivery attempt is made. */
  createdAt: Date;
}

export interface WebhookDelivery {
  url: string;
  secret: string;
  event: WebhookEvent;
  payload: unknown;
  clock: Clock;
  /** Off in production: a webhook URL may reach only public internet addresses. */
  allowPrivateNetworks?: boolean;
  /** Resolves the URL's host name; replaceable for tests. */
  resolve?: HostResolver;
  /** Replaces the HTTP request, for tests. */
  send?: WebhookSender;
  timeoutMs?: number;
}

export interface WebhookRequest {
  url: URL;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  resolve?: HostResolver;
}

export type WebhookSender = (request: WebhookRequest) => Promise<{ status: number }>;

class TimeoutError extends Error {
  constructor() {
    super('timed out');
    this.name = 'TimeoutError';
  }
}

/**
 * One POST with node:http(s): no redirects followed (a redirect would carry the signed event
 * to a host the provider did not register), and, unless allowed, only public internet
 * addresses (lib/network-guard.ts): an IP written in the URL is checked here, as a socket
 * connects to it without a lookup; a name is checked by the socket's own lookup, so the
 * connection goes to the address that was checked.
 */
const sendWithNode: WebhookSender = (request) =>
  new Promise((resolve, reject) => {
    if (!request.allowPrivateNetworks && isRefusedHostLiteral(request.url.hostname)) {
      reject(new PrivateNetworkError(request.url.hostname));
      return;
    }
    const transport = request.url.protocol === 'https:' ? https : http;
    const outgoing = transport.request(
      request.url,
      {
        method: 'POST',
        headers: { ...request.headers, 'Content-Length': Buffer.byteLength(request.body) },
        timeout: request.timeoutMs,
        ...(request.allowPrivateNetworks ? {} : { lookup: guardedLookup(request.resolve) }),
      },
      (response) => {
        // The answer's body is of no interest; draining it frees the connection.
        response.resume();
        resolve({ status: response.statusCode ?? 0 });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new TimeoutError()));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });

/** Thrown for any delivery that did not end in a 2xx, so the job is retried. */
export class WebhookDeliveryError extends Error {
  readonly status: number | undefined;

  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'WebhookDeliveryError';
    this.status = options.status;
  }
}

/** POSTs one signed event; resolves on 2xx, throws WebhookDeliveryError otherwise. */
export async function deliverWebhook(delivery: WebhookDelivery): Promise<{ status: number }> {
  const { event } = delivery;
  const body = JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.createdAt.toISOString(),
    data: delivery.payload,
  });
  const timestamp = Math.floor(delivery.clock.now().getTime() / 1000);
  const timeoutMs = delivery.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const send = delivery.send ?? sendWithNode;

  let response: { status: number };
  try {
    response = await send({
      url: new URL(delivery.url),
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Kuvert-Webhooks/1',
        [EVENT_ID_HEADER]: event.id,
        [SIGNATURE_HEADER]: signWebhook(delivery.secret, timestamp, body),
      },
      body,
      timeoutMs,
      allowPrivateNetworks: delivery.allowPrivateNetworks ?? false,
      resolve: delivery.resolve,
    });
  } catch (error) {
    const reason =
      error instanceof PrivateNetworkError
        ? `refused: ${error.message}`
        : error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${timeoutMs} ms`
          : 'the request failed';
    throw new WebhookDeliveryError(`Webhook ${event.type} to ${delivery.url}: ${reason}`, {
      cause: error,
    });
  }
  if (response.status < 200 || response.status > 299) {
    throw new WebhookDeliveryError(
      `Webhook ${event.type} to ${delivery.url}: answered ${response.status}`,
      { status: response.status },
    );
  }
  return { status: response.status };
}
