import type { Blocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog.tsx';

interface LeaveDialogProps {
  /** The router's blocker (from `useLeaveGuard`): the dialog shows while it holds a navigation. */
  blocker: Blocker;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
}

/** Asks before leaving a page with changes not yet saved: leave (they are lost) or stay. */
export function LeaveDialog({ blocker, ...labels }: LeaveDialogProps) {
  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      {...labels}
      isDestructive
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}
