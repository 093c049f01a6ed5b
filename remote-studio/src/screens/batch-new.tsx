import { useParams } from '@kagami/shared/router';
import { isApiError } from '@kagami/shared/api';
import { paths } from '@kagami/shared/contract';
import { numberFormat } from '@kagami/shared/i18n';
import { LoadState, Stack } from '@kagami/shared/ui';
import { LinkButton } from '../components/link-button';
import { PageHeader } from '../components/page-header';
import { useStudioTranslation } from '../components/use-studio-translation';
import { BATCH_ROWS_MAX } from '../data/batches';
import { useTemplate } from '../data/templates';
import { BatchStart } from '../features/batches/batch-start';
import { TemplateMissing } from '../features/templates/template-missing';

/** BatchNew: a batch of videos of the template of `:templateId`, a row of a CSV each. */
export default function BatchNew() {
  const { t, i18n } = useStudioTranslation();
  const { templateId = '' } = useParams();
  const template = useTemplate(templateId);
  const missing = isApiError(template.error) && template.error.status === 404;
  return (
    <Stack gap="6" maxW="5xl">
      <PageHeader
        title={t('batchNew.title')}
        description={
          template.data
            ? t('batchNew.description', { name: template.data.name, max: numberFormat(i18n.resolvedLanguage).format(BATCH_ROWS_MAX) })
            : undefined
        }
        action={
          <LinkButton color="white" to={paths.templates()}>
            {t('templateVideo.toTemplates')}
          </LinkButton>
        }
      />
      {missing ? (
        <TemplateMissing />
      ) : (
        <LoadState loading={template.isPending} error={template.error} onRetry={() => void template.refetch()}>
          {template.data ? <BatchStart key={template.data.id} template={template.data} /> : null}
        </LoadState>
      )}
    </Stack>
  );
}
