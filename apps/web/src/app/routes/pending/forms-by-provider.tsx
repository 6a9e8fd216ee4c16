import { FeaturePendingPage } from '../../../components/ui/feature-pending-page.tsx';

export function Component() {
  return <FeaturePendingPage titleKey="formsByProvider" noteKey="forms" />;
}
