import { Skeleton } from '@mantine/core';
import { MergeHistory } from '../../features/mail-merge/components/merge-history.tsx';
import { useSelectedAccount } from '../../lib/selected-account.ts';

/** The mailbox's past mail merges. */
export function Component() {
  const { accountId, can } = useSelectedAccount();
  if (accountId === null) return <Skeleton height={320} />;
  return <MergeHistory key={accountId} accountId={accountId} canWrite={can('send')} />;
}
