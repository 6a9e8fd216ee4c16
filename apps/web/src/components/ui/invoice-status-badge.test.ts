import { describe, expect, it } from 'vitest';
import { invoiceStatuses } from '@kuvert/shared/invoices';
import { sourceFilesMatching } from '../../test/source-files.ts';
import { invoiceStatusLooks } from './invoice-status-badge.tsx';

const OWNER = 'components/ui/invoice-status-badge.tsx';

describe('the colours of the invoice statuses', () => {
  it('have a look for every status', () => {
    expect(Object.keys(invoiceStatusLooks).toSorted()).toEqual(invoiceStatuses.toSorted());
  });

  it('live in one table that every invoice badge uses', () => {
    expect(sourceFilesMatching(/Record<InvoiceStatus,/u)).toEqual([OWNER]);
    const ownColours = Object.values(invoiceStatusLooks)
      .map((look) => look.textColor)
      .filter((colour) => colour.startsWith('#'));
    expect(ownColours.length).toBeGreaterThan(0);
    for (const colour of ownColours) {
      expect(sourceFilesMatching(new RegExp(colour, 'iu'))).toEqual([OWNER]);
    }
    // Only this badge paints a status; the lists and the panel use it.
    expect(sourceFilesMatching(/data-invoice-status=/u)).toEqual([OWNER]);
  });
});
