import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testPayment as payment } from '../../../test/factories.ts';
import { ApiError, NetworkError } from '../../../lib/http.ts';
import { listPaymentIds } from '../../../lib/session.ts';
import { createPayment } from '../api/create-payment.ts';
import { getPayAttemptKey } from './pay-attempt-key.ts';
import { startPayment } from './start-payment.ts';

vi.mock('../api/create-payment.ts', () => ({ createPayment: vi.fn<typeof createPayment>() }));
const createPaymentMock = vi.mocked(createPayment);

describe('starting a payment', () => {
  beforeEach(() => createPaymentMock.mockReset());
  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('sends one request for two starts at the same time and remembers the payment', async () => {
    createPaymentMock.mockResolvedValue(payment());
    const [first, second] = await Promise.all([startPayment('l1'), startPayment('l1')]);
    expect(createPaymentMock).toHaveBeenCalledTimes(1);
    expect(first).toBe(second);
    expect(first).toEqual({ payment: payment(), isResumed: false });
    expect(listPaymentIds()).toEqual(['p1']);
  });

  it('uses the same key again after a reload, and then knows the payment was handed over', async () => {
    createPaymentMock.mockResolvedValue(payment());
    await startPayment('l1');
    const result = await startPayment('l1');
    const [firstKey, secondKey] = createPaymentMock.mock.calls.map(([, key]) => key);
    expect(secondKey).toBe(firstKey);
    expect(result.isResumed).toBe(true);
  });

  it('starts a fresh attempt when the key still points at a payment that has ended', async () => {
    const staleKey = getPayAttemptKey('l1');
    createPaymentMock
      .mockResolvedValueOnce(payment({ id: 'old', status: 'failed', failure_reason: 'expired' }))
      .mockResolvedValueOnce(payment({ id: 'new' }));
    const result = await startPayment('l1');
    expect(result.payment.id).toBe('new');
    const [firstKey, secondKey] = createPaymentMock.mock.calls.map(([, key]) => key);
    expect(firstKey).toBe(staleKey);
    expect(secondKey).not.toBe(staleKey);
    expect(listPaymentIds()).toEqual(['new']);
  });

  it('drops the key when the server refused, keeps it when no answer came', async () => {
    const key = getPayAttemptKey('l1');
    createPaymentMock.mockRejectedValueOnce(new NetworkError(new Error('offline')));
    await expect(startPayment('l1')).rejects.toBeInstanceOf(NetworkError);
    expect(getPayAttemptKey('l1')).toBe(key);
    createPaymentMock.mockRejectedValueOnce(
      new ApiError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', 'bank down'),
    );
    await expect(startPayment('l1')).rejects.toBeInstanceOf(ApiError);
    expect(getPayAttemptKey('l1')).not.toBe(key);
    expect(listPaymentIds()).toEqual([]);
  });
});
