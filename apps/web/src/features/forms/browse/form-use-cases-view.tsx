import {
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconForms } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FORM_USE_CASES } from '@kuvert/shared/forms';
import type { FormUseCase } from '@kuvert/shared/forms';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { InfiniteListFooter } from '../../../components/ui/infinite-list-footer.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { FORM_USE_CASE_PARAM, paths } from '../../../config/paths.ts';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { flattenFormPages, useFormCatalogue } from '../api/get-form-catalogue.ts';
import { useFormUseCases } from '../api/get-form-use-cases.ts';
import { FormGrid, FormGridSkeleton } from './form-grid.tsx';
import { FormsBreadcrumbs } from './forms-breadcrumbs.tsx';
import { parseUseCase, iconsByUseCase, labelOfUseCase } from './use-cases.tsx';

/**
 * /forms/search/by-usecase: the fixed list of use cases with how many forms each has; the
 * chosen one (`?use_case=`, so it survives a reload and "back") shows its forms below.
 */
export function FormUseCasesView() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const selected = parseUseCase(searchParams.get(FORM_USE_CASE_PARAM));
  const counts = useFormUseCases();
  const countOf = (useCase: FormUseCase): number | null => {
    if (counts.data === undefined) return null;
    return counts.data.items.find((item) => item.use_case === useCase)?.form_count ?? 0;
  };
  // A use case chosen here (not on arrival) takes the reader to its forms.
  const isChoosing = useRef(false);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!isChoosing.current || selected === null) return;
    isChoosing.current = false;
    resultsHeading.current?.focus({ preventScroll: true });
    resultsHeading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [selected]);

  return (
    <Stack gap="lg" maw={1040}>
      <FormsBreadcrumbs
        crumbs={[
          { label: t('pages.forms'), href: paths.forms() },
          { label: t('forms.browse.byUseCase.link') },
        ]}
      />
      <Stack gap={4}>
        <PageTitle>{t('pages.formsByUseCase')}</PageTitle>
        <Text c="dimmed">{t('forms.browse.byUseCase.intro')}</Text>
      </Stack>
      {counts.isError ? (
        <FormAlert tone="error">{translateError(t, counts.error)}</FormAlert>
      ) : null}
      <nav aria-label={t('forms.browse.byUseCase.listLabel')}>
        <SimpleGrid
          component="ul"
          cols={{ base: 2, sm: 3, md: 5 }}
          spacing="sm"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {FORM_USE_CASES.map((useCase) => (
            <li key={useCase}>
              <UseCaseTile
                useCase={useCase}
                count={countOf(useCase)}
                isSelected={useCase === selected}
                onChoose={() => {
                  isChoosing.current = true;
                }}
              />
            </li>
          ))}
        </SimpleGrid>
      </nav>
      {selected === null ? (
        <Text c="dimmed">{t('forms.browse.byUseCase.choose')}</Text>
      ) : (
        <UseCaseForms key={selected} useCase={selected} headingRef={resultsHeading} />
      )}
    </Stack>
  );
}

interface UseCaseTileProps {
  useCase: FormUseCase;
  count: number | null;
  isSelected: boolean;
  onChoose: () => void;
}

function UseCaseTile({ useCase, count, isSelected, onChoose }: UseCaseTileProps) {
  const { t } = useTranslation();
  const Icon = iconsByUseCase[useCase];
  return (
    <UnstyledButton
      component={Link}
      to={paths.formsByUseCase(useCase)}
      onClick={onChoose}
      aria-current={isSelected ? 'true' : undefined}
      style={{ display: 'block', height: '100%', borderRadius: 'var(--mantine-radius-lg)' }}
    >
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'xs', sm: 'sm' }}
        h="100%"
        style={{
          borderColor: isSelected ? 'var(--mantine-primary-color-filled)' : undefined,
          boxShadow: isSelected ? 'inset 0 0 0 1px var(--mantine-primary-color-filled)' : undefined,
          background: isSelected ? 'var(--mantine-primary-color-light)' : undefined,
        }}
      >
        <Stack gap={4}>
          <ThemeIcon variant={isSelected ? 'filled' : 'light'} size={32} radius="xl">
            <Icon size={18} aria-hidden="true" />
          </ThemeIcon>
          {/* Long German words ("Versicherungsfall") break rather than leave a narrow tile. */}
          <Text fw={600} lh={1.3} style={{ hyphens: 'auto', overflowWrap: 'anywhere' }}>
            {labelOfUseCase(t, useCase)}
          </Text>
          <Text size="sm" c={count === 0 ? 'dimmed' : undefined}>
            {count === null ? '\u00a0' : t('forms.browse.formCount', { count })}
          </Text>
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}

interface UseCaseFormsProps {
  useCase: FormUseCase;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

function UseCaseForms({ useCase, headingRef }: UseCaseFormsProps) {
  const { t } = useTranslation();
  const catalogue = useFormCatalogue({ useCase });
  const forms = flattenFormPages(catalogue.data);
  const label = labelOfUseCase(t, useCase);
  return (
    <Stack gap="md" component="section" aria-labelledby="use-case-forms">
      <Group gap="sm">
        <Title
          order={2}
          fz="h3"
          id="use-case-forms"
          ref={headingRef}
          tabIndex={-1}
          style={{ scrollMarginTop: 80 }}
        >
          {t('forms.browse.byUseCase.formsFor', { useCase: label })}
        </Title>
      </Group>
      {catalogue.isError ? (
        <FormAlert tone="error">{translateError(t, catalogue.error)}</FormAlert>
      ) : null}
      {catalogue.isPending ? <FormGridSkeleton /> : null}
      {catalogue.data !== undefined && forms.length === 0 ? (
        <EmptyState
          icon={<IconForms size={32} />}
          title={t('forms.browse.byUseCase.emptyTitle', { useCase: label })}
          text={t('forms.browse.byUseCase.emptyText')}
        />
      ) : null}
      {forms.length > 0 ? (
        <>
          <FormGrid
            forms={forms}
            label={t('forms.browse.byUseCase.formsFor', { useCase: label })}
          />
          <InfiniteListFooter
            hasNextPage={catalogue.hasNextPage}
            isFetchingNextPage={catalogue.isFetchingNextPage}
            fetchNextPage={catalogue.fetchNextPage}
          />
        </>
      ) : null}
    </Stack>
  );
}
