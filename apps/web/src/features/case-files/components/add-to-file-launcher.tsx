import { Suspense, lazy, useState } from 'react';
import type { AddToFileDialogProps } from './add-to-file-dialog.tsx';

/** The case files' part of the mailbox screens (letter-case-files-parts.tsx), fetched once. */
export const loadCaseFileParts = () => import('./letter-case-files-parts.tsx');

// The dialog (its file list, forms, colours) is fetched the first time one is opened, or when
// the pointer or focus reaches its button: the letter page and the lists stay as small as before.
const LazyAddToFileDialog = lazy(() =>
  loadCaseFileParts().then((module) => ({ default: module.AddToFileDialog })),
);

/** Starts fetching the dialog's code ahead of the click; safe to call often. */
export function preloadAddToFileDialog(): void {
  loadCaseFileParts().catch(() => {
    // The click tries again and shows what went wrong.
  });
}

/** "Add to a file" for `things`, nothing at all in the page before it is first opened. */
export function AddToFileLauncher(props: AddToFileDialogProps) {
  const [hasOpened, setHasOpened] = useState(props.opened);
  if (props.opened && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <LazyAddToFileDialog {...props} />
    </Suspense>
  );
}
