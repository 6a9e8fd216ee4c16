import { FeaturePendingPage } from '../../../components/ui/feature-pending-page.tsx';

export function Component() {
  return <FeaturePendingPage titleKey="composeUploader" noteKey="outbox" />;
}
