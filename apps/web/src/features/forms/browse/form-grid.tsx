import { SimpleGrid, Skeleton } from '@mantine/core';
import type { FormSummary } from '@kuvert/shared/forms';
import { useTranslation } from '../../../lib/i18n.ts';
import { FormCard } from './form-card.tsx';

interface FormGridProps {
  forms: readonly FormSummary[];
  /** Names the list for screen readers ("Search results", "Forms of Stadtwerke"). */
  label: string;
  showProvider?: boolean;
}

/** Forms as cards, two or three abreast where there is room. */
export function FormGrid({ forms, label, showProvider = true }: FormGridProps) {
  return (
    <SimpleGrid
      component="ul"
      aria-label={label}
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {forms.map((form) => (
        <li key={form.id}>
          <FormCard form={form} showProvider={showProvider} />
        </li>
      ))}
    </SimpleGrid>
  );
}

/** The grid's place while its forms load: the page does not jump when they arrive. */
export function FormGridSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      role="status"
      aria-label={t('common.loading')}
    >
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} height={180} radius="lg" />
      ))}
    </SimpleGrid>
  );
}
