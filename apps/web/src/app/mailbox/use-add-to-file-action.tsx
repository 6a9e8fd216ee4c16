import { IconFolderPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import {
  AddToFileLauncher,
  preloadAddToFileDialog,
} from '../../features/case-files/components/add-to-file-launcher.tsx';
import type { ThingToFile } from '../../features/case-files/components/add-to-file-summary.ts';
import type { LetterSelectionAction } from '../../features/letters/components/letter-list.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useSelectedAccount } from '../../lib/selected-account.ts';
import { letterToFile } from '../case-file-actions.tsx';

interface Adding {
  things: readonly ThingToFile[];
  done: () => void;
}

/** How a selection bar shows "Add to a file" (its name, short name and icon). */
export interface AddToFileLook {
  id: string;
  label: string;
  shortLabel: string;
  icon: ReactNode;
  onPreload: () => void;
}

export interface AddToFileAction {
  /** Opens the dialog for these; `done` runs once they were added (e.g. clears a selection). */
  open: (things: readonly ThingToFile[], done: () => void) => void;
  /** For a selection bar; null for viewers, who cannot add. */
  look: AddToFileLook | null;
  /** For the selection of a list of letters; null for viewers. */
  letterAction: LetterSelectionAction | null;
  /** Goes into the page once. */
  dialog: ReactNode;
}

/**
 * "Add to a file" for selections of letters and uploads. The dialog's code loads on first use
 * (or when the pointer reaches the action), so lists do not grow by it.
 */
export function useAddToFileAction(): AddToFileAction {
  const { t } = useTranslation();
  const { accountId, can } = useSelectedAccount();
  const [adding, setAdding] = useState<Adding | null>(null);
  const isAvailable = accountId !== null && can('organize');

  const look = useMemo<AddToFileLook | null>(
    () =>
      isAvailable
        ? {
            id: 'add-to-file',
            label: t('addToFile.action'),
            shortLabel: t('addToFile.actionShort'),
            icon: <IconFolderPlus size={16} aria-hidden="true" />,
            onPreload: preloadAddToFileDialog,
          }
        : null,
    [isAvailable, t],
  );
  const letterAction = useMemo<LetterSelectionAction | null>(
    () =>
      look === null
        ? null
        : {
            ...look,
            onSelect: (letters, done) => setAdding({ things: letters.map(letterToFile), done }),
          },
    [look],
  );
  return {
    open: (things, done) => setAdding({ things, done }),
    look,
    letterAction,
    dialog:
      accountId === null ? null : (
        <AddToFileLauncher
          opened={adding !== null}
          onClose={() => setAdding(null)}
          accountId={accountId}
          things={adding?.things ?? []}
          onAdded={adding?.done}
        />
      ),
  };
}
