import { paths } from '@kagami/shared/contract';
import { EmptyState } from '@kagami/shared/ui';
import { LinkButton } from '../../components/link-button';
import { useStudioTranslation } from '../../components/use-studio-translation';

/** A template that is not (or no longer) the team's. */
export function TemplateMissing() {
  const { t } = useStudioTranslation();
  return (
    <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="white">
      <EmptyState.Content>
        <EmptyState.Title as="h2">{t('templateVideo.notFound')}</EmptyState.Title>
        <LinkButton to={paths.templates()}>{t('templateVideo.toTemplates')}</LinkButton>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
