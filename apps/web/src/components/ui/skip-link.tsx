import { useTranslation } from '../../lib/i18n.ts';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element: keyboard users jump past the navigation. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="kuvert-skip-link">
      {t('common.skipToContent')}
    </a>
  );
}
