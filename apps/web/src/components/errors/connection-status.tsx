import { Alert, Box } from '@mantine/core';
import type { BoxProps } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from '../../lib/i18n.ts';
import { useIsConnectionLost } from '../../lib/online.ts';
import classes from './connection-status.module.css';

/** Says, politely and for as long as it lasts, that Kuvert's server cannot be reached. */
export function ConnectionStatus(props: BoxProps) {
  const { t } = useTranslation();
  const isConnectionLost = useIsConnectionLost();
  return (
    <Box role="status" className={classes.region} {...props}>
      {isConnectionLost ? (
        <Alert
          // The region around it announces the message; an alert would interrupt.
          role="none"
          variant="light"
          color="orange"
          icon={<IconWifiOff size={20} aria-hidden="true" />}
          data-connection-lost
        >
          {t('common.offline')}
        </Alert>
      ) : null}
    </Box>
  );
}
