import { Button, Group } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import { PREVIEW_STEP } from '../hooks/use-mail-merge-wizard.ts';
import type { MailMergeWizard } from '../hooks/use-mail-merge-wizard.ts';

interface WizardNavigationProps {
  wizard: MailMergeWizard;
  canWrite: boolean;
}

/** Back and next; on the preview, the button that asks to confirm sending. */
export function WizardNavigation({ wizard, canWrite }: WizardNavigationProps) {
  const { t } = useTranslation();
  const { step, goTo } = wizard;
  return (
    <Group justify="space-between" gap="sm">
      <Button variant="default" disabled={step === 0} onClick={() => goTo(step - 1)}>
        {t('mailMerge.back')}
      </Button>
      {step < PREVIEW_STEP ? (
        <Button disabled={!wizard.canGoOn} onClick={() => goTo(step + 1)}>
          {t('mailMerge.next')}
        </Button>
      ) : (
        <Button
          leftSection={<IconSend size={18} aria-hidden />}
          disabled={
            !canWrite || wizard.mapping.unmapped.length > 0 || wizard.preview.data === undefined
          }
          onClick={() => wizard.setIsConfirming(true)}
        >
          {t('mailMerge.confirm.open')}
        </Button>
      )}
    </Group>
  );
}
