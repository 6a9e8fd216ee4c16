import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

/** Wraps a disabled write action so viewers learn why it is disabled. */
export function ReadOnlyTooltip({
  canWrite,
  children,
}: {
  canWrite: boolean;
  children: ReactElement;
}) {
  const { t } = useTranslation();
  if (canWrite) return children;
  return (
    <Tooltip label={t('letters.readOnly.tooltip')} multiline w={260}>
      <span tabIndex={0} style={{ display: 'inline-block' }}>
        {children}
      </span>
    </Tooltip>
  );
}
