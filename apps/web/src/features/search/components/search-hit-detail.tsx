import { Badge, Text } from '@mantine/core';
import type { SearchHit } from '@kuvert/shared/search';
import { HighlightedText } from '../../../components/ui/highlighted-text.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** What a result row shows in place of the excerpt: the passage that matched, and where. */
export function SearchHitDetail({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation();
  return (
    <>
      <Text
        size="sm"
        c="var(--kuvert-color-quiet-text)"
        lineClamp={2}
        data-testid="search-snippet"
        style={{ overflowWrap: 'anywhere' }}
      >
        <HighlightedText snippet={hit.snippet} />
      </Text>
      <Badge
        variant="light"
        color="gray"
        c="var(--kuvert-color-quiet-text)"
        radius="sm"
        tt="none"
        size="sm"
        mt={4}
      >
        {t(`search.matchedIn.${hit.matched_in}`)}
      </Badge>
    </>
  );
}
