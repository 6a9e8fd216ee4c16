import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface FormAlertProps {
  tone: 'error' | 'success';
  title?: string;
  children: ReactNode;
}

/** A form's overall outcome, announced when it appears. */
export function FormAlert({ tone, title, children }: FormAlertProps) {
  const isError = tone === 'error';
  return (
    <Alert
      role={isError ? 'alert' : 'status'}
      color={isError ? 'red' : 'teal'}
      variant="light"
      title={title}
      icon={
        isError ? <IconAlertCircle aria-hidden="true" /> : <IconCircleCheck aria-hidden="true" />
      }
    >
      {children}
    </Alert>
  );
}
