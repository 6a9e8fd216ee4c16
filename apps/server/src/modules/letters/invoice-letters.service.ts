import type { InvoiceLettersSource } from '../invoices/invoice-letters.ts';
import {
  claimInvoiceReminder,
  findInvoiceLetterForUser,
  findInvoiceLetterStatus,
  findPaidInvoiceFacts,
  findPaidInvoiceLetters,
  findProviderIdsOfInvoiceList,
  findProviderInvoiceLetter,
  findReminderCandidateLetters,
  findUnpaidInvoiceLetters,
  releaseInvoiceReminder,
  transitionInvoiceLetter,
} from './invoice-letters.repository.ts';

/**
 * The invoices area's rows, which are letters: app.ts installs this as `app.invoiceLetters`
 * (invoices/invoice-letters.ts says why a port). `db` is always the caller's, so a transaction
 * of the invoices or payments area covers these statements too.
 */
export const invoiceLettersSource: InvoiceLettersSource = {
  findForUser: findInvoiceLetterForUser,
  findUnpaid: findUnpaidInvoiceLetters,
  findPaid: findPaidInvoiceLetters,
  findProviderIdsOfList: findProviderIdsOfInvoiceList,
  transition: transitionInvoiceLetter,
  findPaidFacts: findPaidInvoiceFacts,
  findStatus: findInvoiceLetterStatus,
  findOfProvider: findProviderInvoiceLetter,
  findReminderCandidates: findReminderCandidateLetters,
  claimReminder: claimInvoiceReminder,
  releaseReminder: releaseInvoiceReminder,
};
