import {
  IconBolt,
  IconBriefcase,
  IconBuildingBank,
  IconDots,
  IconHome2,
  IconReceiptTax,
  IconShieldCheck,
  IconStethoscope,
  IconTruck,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { FORM_USE_CASES } from '@kuvert/shared/forms';
import type { FormUseCase } from '@kuvert/shared/forms';
import type { TFunction } from '../../../lib/i18n.ts';

type Icon = ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>;

/** A picture for each use case, so the list reads at a glance. */
export const iconsByUseCase: Record<FormUseCase, Icon> = {
  moving_house: IconTruck,
  insurance_claim: IconShieldCheck,
  tax: IconReceiptTax,
  health: IconStethoscope,
  work: IconBriefcase,
  housing: IconHome2,
  utilities: IconBolt,
  banking: IconBuildingBank,
  family: IconUsers,
  other: IconDots,
};

export function labelOfUseCase(t: TFunction, useCase: FormUseCase): string {
  return t(`forms.useCases.${useCase}`);
}

/** The use case a URL names, if it is one of the fixed list. */
export function parseUseCase(value: string | null): FormUseCase | null {
  return FORM_USE_CASES.find((useCase) => useCase === value) ?? null;
}
