import { Button, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';

interface CopyValueProps {
  /** Exactly what lands on the clipboard. */
  value: string;
  /** What is copied, for the button's name: "Copy IBAN". */
  what: string;
}

/** A small "Copy" button that says "Copied" for a moment after it worked. */
export function CopyValue({ value, what }: CopyValueProps) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Button
          variant="subtle"
          size="compact-sm"
          color={copied ? 'teal.9' : 'kuvert'}
          leftSection={
            copied ? (
              <IconCheck size={16} aria-hidden="true" />
            ) : (
              <IconCopy size={16} aria-hidden="true" />
            )
          }
          aria-label={
            copied
              ? t('invoices.bank.copiedLabel', { what })
              : t('invoices.bank.copyLabel', { what })
          }
          onClick={copy}
        >
          <span aria-live="polite">
            {copied ? t('invoices.bank.copied') : t('invoices.bank.copy')}
          </span>
        </Button>
      )}
    </CopyButton>
  );
}
