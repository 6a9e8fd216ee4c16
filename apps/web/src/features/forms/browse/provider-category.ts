import { providerCategories } from '@kuvert/shared/providers';
import type { TFunction } from '../../../lib/i18n.ts';

/** What kind of provider it is, in the reader's language; none for "other" or unknown. */
export function providerCategoryLabel(t: TFunction, category: string): string | null {
  const known = providerCategories.find((candidate) => candidate === category);
  if (known === undefined || known === 'other') return null;
  return t(`forms.browse.categories.${known}`);
}
