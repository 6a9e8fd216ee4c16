import { Button } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';

interface PayButtonProps extends Pick<ButtonProps, 'size' | 'variant'> {
  letterId: string;
  children: string;
  'aria-label'?: string;
}

/**
 * Leads to the hand-off page, which starts the payment. Disabled after the first click: the
 * hand-off's idempotency key makes a second start harmless, but it should not even be tried.
 */
export function PayButton({ letterId, children, size, variant, ...rest }: PayButtonProps) {
  const navigate = useNavigate();
  const [isStarting, setIsStarting] = useState(false);
  return (
    <Button
      size={size}
      variant={variant}
      leftSection={<IconBuildingBank size={18} aria-hidden="true" />}
      loading={isStarting}
      aria-label={rest['aria-label']}
      data-pay-invoice={letterId}
      onClick={() => {
        if (isStarting) return;
        setIsStarting(true);
        void navigate(paths.payInvoice(letterId));
      }}
    >
      {children}
    </Button>
  );
}
