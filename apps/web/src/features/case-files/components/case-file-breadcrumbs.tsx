import { Breadcrumbs } from '../../../components/ui/breadcrumbs.tsx';
import type { Crumb } from '../../../components/ui/breadcrumbs.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** Where a page sits among the files ("Files › Tax return 2026 › Notice"), each step a link. */
export function CaseFileBreadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const { t } = useTranslation();
  return <Breadcrumbs label={t('caseFiles.breadcrumbs')} crumbs={crumbs} truncates />;
}
