import {
  DraftConflictAlert,
  DraftSaveIndicator,
} from '../../../components/ui/draft-save-status.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ComposeLetter } from '../hooks/use-compose-letter.ts';
import type { DraftSaveStatus } from '../hooks/use-draft-autosave.ts';

/**
 * The page's title with where the draft stands, and, when the draft was changed elsewhere,
 * the choice between that version and the one on the screen.
 */
export function ComposeHeader({ letter }: { letter: ComposeLetter }) {
  const { t } = useTranslation();
  const { autosave } = letter;
  return (
    <>
      <PageTitle aside={<SaveIndicator status={autosave.status} />}>{t('compose.title')}</PageTitle>
      {autosave.status === 'conflict' ? (
        <DraftConflictAlert
          title={t('compose.conflict.title')}
          text={t('compose.conflict.text')}
          reloadLabel={t('compose.conflict.reload')}
          keepMineLabel={t('compose.conflict.keepMine')}
          onReload={() => void letter.reloadDraft()}
          onKeepMine={() => void autosave.keepMine()}
        />
      ) : null}
    </>
  );
}

/** Where the draft stands: saving, saved, or not saved yet (tried again). */
function SaveIndicator({ status }: { status: DraftSaveStatus }) {
  const { t } = useTranslation();
  return <DraftSaveIndicator status={status} labelOf={(shown) => t(`compose.save.${shown}`)} />;
}
