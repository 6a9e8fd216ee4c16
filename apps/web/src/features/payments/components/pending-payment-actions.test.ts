// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sourceFilesMatching } from '../../../test/source-files.ts';

const OWNER = 'features/payments/components/pending-payment-actions.tsx';

describe('the buttons of a payment waiting at the bank', () => {
  it('"Continue at your bank" exists once, in the pending payment actions', () => {
    expect(sourceFilesMatching(/invoices\.state\.continue\b/u)).toEqual([OWNER]);
    expect(sourceFilesMatching(/href=\{[\w.]*redirect_url\}/u)).toEqual([OWNER]);
  });

  it('"Check status" and "Check again" exist once, in the pending payment actions', () => {
    expect(sourceFilesMatching(/invoices\.state\.checkStatus\b/u)).toEqual([OWNER]);
    expect(sourceFilesMatching(/invoices\.return\.checkAgain\b/u)).toEqual([OWNER]);
    expect(sourceFilesMatching(/paths\.paymentStatus\(/u)).toEqual([OWNER]);
  });
});
