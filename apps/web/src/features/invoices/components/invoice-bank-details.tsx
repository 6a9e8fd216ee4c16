import { Stack, Text, Title } from '@mantine/core';
import type { Invoice } from '@kuvert/shared/invoices';
import { formatMoney, useTranslation } from '../../../lib/i18n.ts';
import { epcQrImageUrl } from '../api/get-invoice.ts';
import { compactIban, formatIban } from './bank-formats.ts';
import { CopyValue } from './copy-value.tsx';
import classes from './invoice-bank-details.module.css';

interface InvoiceBankDetailsProps {
  invoice: Invoice;
  /** The QR code is only offered while there is something to pay. */
  showQrCode: boolean;
}

/** Everything needed to pay by transfer from any banking app, copyable, and the GiroCode. */
export function InvoiceBankDetails({ invoice, showQrCode }: InvoiceBankDetailsProps) {
  const { t } = useTranslation();
  const amount = formatMoney(invoice.amount, invoice.currency);
  const hasQr = showQrCode && invoice.epc_qr_available;
  const ibanLabel = t('invoices.bank.iban');
  const referenceLabel = t('invoices.bank.reference');
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Title order={3} fz="h5">
          {t('invoices.bank.title')}
        </Title>
        {hasQr ? (
          <Text size="sm" c="dimmed">
            {t('invoices.bank.intro')}
          </Text>
        ) : null}
      </Stack>
      <div className={classes.layout} data-with-qr={hasQr || undefined}>
        <dl className={classes.facts}>
          <dt className={classes.term}>{t('invoices.bank.creditor')}</dt>
          <dd className={classes.value}>
            <Text fw={600}>{invoice.creditor.name}</Text>
          </dd>
          <dt className={classes.term}>{ibanLabel}</dt>
          <dd className={classes.value}>
            <span className={classes.code} data-testid="invoice-iban">
              {formatIban(invoice.creditor.iban)}
            </span>
            <CopyValue value={compactIban(invoice.creditor.iban)} what={ibanLabel} />
          </dd>
          {invoice.creditor.bic ? (
            <>
              <dt className={classes.term}>{t('invoices.bank.bic')}</dt>
              <dd className={classes.value}>
                <span className={classes.code}>{invoice.creditor.bic}</span>
              </dd>
            </>
          ) : null}
          <dt className={classes.term}>{t('invoices.bank.amount')}</dt>
          <dd className={classes.value}>
            <Text fw={600}>{amount}</Text>
          </dd>
          <dt className={classes.term}>{referenceLabel}</dt>
          <dd className={classes.value}>
            <span className={classes.code}>{invoice.reference}</span>
            <CopyValue value={invoice.reference} what={referenceLabel} />
          </dd>
        </dl>
        {hasQr ? (
          <figure className={classes.qr}>
            <img
              className={classes.qrImage}
              src={epcQrImageUrl(invoice.letter_id)}
              alt={t('invoices.bank.qrAlt', { amount, name: invoice.creditor.name })}
              width={168}
              height={168}
              loading="lazy"
            />
            <figcaption className={classes.qrCaption}>{t('invoices.bank.qrCaption')}</figcaption>
          </figure>
        ) : null}
      </div>
    </Stack>
  );
}
