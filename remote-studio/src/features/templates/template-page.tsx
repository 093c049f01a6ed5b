import type { ReactNode } from 'react';
import { isApiError } from '@kagami/shared/api';
import { paths } from '@kagami/shared/contract';
import { useParams } from '@kagami/shared/router';
import { EmptyState, LoadState, Stack } from '@kagami/shared/ui';
import { LinkButton } from '../../components/link-button';
import { PageHeader } from '../../components/page-header';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { useTemplate, type Template } from '../../data/templates';

/**
 * A screen of the template of `:templateId`: its header (a way back to Templates), the template loading, failing or
 * not the team's (any more), and `children` once it is there.
 */
export function TemplatePage({
  title,
  description,
  maxW,
  children,
}: {
  title: (template: Template | undefined) => string;
  description: (template: Template | undefined) => string | undefined;
  maxW: string;
  children: (template: Template) => ReactNode;
}) {
  const { t } = useStudioTranslation();
  const { templateId = '' } = useParams();
  const template = useTemplate(templateId);
  const missing = isApiError(template.error) && template.error.status === 404;
  return (
    <Stack gap="6" maxW={maxW}>
      <PageHeader
        title={title(template.data)}
        description={description(template.data)}
        action={
          <LinkButton color="white" to={paths.templates()}>
            {t('templateVideo.toTemplates')}
          </LinkButton>
        }
      />
      {missing ? (
        <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="white">
          <EmptyState.Content>
            <EmptyState.Title as="h2">{t('templateVideo.notFound')}</EmptyState.Title>
            <LinkButton to={paths.templates()}>{t('templateVideo.toTemplates')}</LinkButton>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <LoadState loading={template.isPending} error={template.error} onRetry={() => void template.refetch()}>
          {template.data ? children(template.data) : null}
        </LoadState>
      )}
    </Stack>
  );
}
