import { Progress, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../lib/i18n.ts';

interface WizardProgressProps {
  shownStep: number;
  stepLabels: readonly string[];
  /** A step clicked in the stepper; only steps already passed can be chosen. */
  onStepClick: (step: number) => void;
}

/** How far the wizard is: a bar on a narrow screen, else the named steps. */
export function WizardProgress({ shownStep, stepLabels, onStepClick }: WizardProgressProps) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 47.99em)') === true;
  if (isNarrow) {
    return (
      <Progress
        value={((shownStep + 1) / stepLabels.length) * 100}
        size="sm"
        aria-label={t('mailMerge.steps.label')}
      />
    );
  }
  return (
    <Stepper
      active={shownStep}
      size="sm"
      iconSize={34}
      allowNextStepsSelect={false}
      onStepClick={onStepClick}
    >
      {stepLabels.map((label) => (
        <Stepper.Step key={label} label={label} />
      ))}
    </Stepper>
  );
}
