// @vitest-environment node
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
    // Every colour comes from a variable with a value per colour scheme (styles.css) …
    for (const look of Object.values(invoiceStatusLooks)) {
      expect(look.textColor).toMatch(/^var\(--[\w-]+\)$/u);
    }
    // … and the invoice's own colour is named in this file alone.
    expect(sourceFilesMatching(/--kuvert-color-invoice-text/u)).toEqual([OWNER]);
    // Only this badge paints a status; the lists and the panel use it.
    expect(sourceFilesMatching(/data-invoice-status=/u)).toEqual([OWNER]);
  });
});
