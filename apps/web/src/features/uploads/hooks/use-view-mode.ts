import { useState } from 'react';
import { readStorage, storageKeys, writeStorage } from '../../../lib/storage.ts';

export type UploadViewMode = 'grid' | 'list';

/** Grid or list, as the user last chose on this device. */
export function useViewMode(): [UploadViewMode, (mode: UploadViewMode) => void] {
  const [mode, setMode] = useState<UploadViewMode>(() =>
    readStorage(storageKeys.uploadsView) === 'list' ? 'list' : 'grid',
  );
  const choose = (next: UploadViewMode) => {
    writeStorage(storageKeys.uploadsView, next);
    setMode(next);
  };
  return [mode, choose];
}
