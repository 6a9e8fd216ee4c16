import { VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { describeUploadFailure } from './upload-labels.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { QueuedUpload } from '../hooks/upload-queue.ts';

/**
 * Tells screen readers when a file starts, finishes or is refused; never each percent (that
 * would drown everything else out). The progress bars can be read on demand.
 */
export function UploadAnnouncer({ items }: { items: readonly QueuedUpload[] }) {
  const { t } = useTranslation();
  const [seenItems, setSeenItems] = useState(items);
  const [message, setMessage] = useState('');
  // Worked out while rendering, from the list as it was last time: what changed since.
  if (seenItems !== items) {
    const before = new Map(seenItems.map((item) => [item.key, item.status]));
    const news: string[] = [];
    for (const item of items) {
      const previous = before.get(item.key);
      if (previous === item.status) continue;
      if (previous === undefined && item.status === 'uploading') {
        news.push(t('uploads.announce.started', { name: item.name }));
      } else if (item.status === 'done') {
        news.push(t('uploads.announce.done', { name: item.name }));
      } else if (item.status === 'failed' && item.error !== null) {
        news.push(describeUploadFailure(t, item.name, item.error));
      }
    }
    setSeenItems(items);
    if (news.length > 0) setMessage(news.join(' '));
  }

  return (
    <VisuallyHidden role="status" aria-live="polite">
      {message}
    </VisuallyHidden>
  );
}
