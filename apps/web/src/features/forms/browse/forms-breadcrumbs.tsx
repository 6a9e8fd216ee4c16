import { Breadcrumbs } from '../../../components/ui/breadcrumbs.tsx';
import type { Crumb } from '../../../components/ui/breadcrumbs.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** Where in the forms a page sits ("Forms › By provider › Stadtwerke"), each step a link. */
export function FormsBreadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const { t } = useTranslation();
  return <Breadcrumbs label={t('forms.browse.breadcrumbs')} crumbs={crumbs} />;
}
