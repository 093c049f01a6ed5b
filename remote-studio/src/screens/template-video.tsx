import { useParams } from '@kagami/shared/router';
import { isApiError } from '@kagami/shared/api';
import { paths } from '@kagami/shared/contract';
import { LoadState, Stack } from '@kagami/shared/ui';
import { LinkButton } from '../components/link-button';
import { PageHeader } from '../components/page-header';
import { useStudioTranslation } from '../components/use-studio-translation';
import { useTemplate } from '../data/templates';
import { TemplateMissing } from '../features/templates/template-missing';
import { TemplateVideoForm } from '../features/templates/template-video-form';

/** TemplateVideo: one video of the template of `:templateId`, its variables filled in. */
export default function TemplateVideo() {
  const { t } = useStudioTranslation();
  const { templateId = '' } = useParams();
  const template = useTemplate(templateId);
  const missing = isApiError(template.error) && template.error.status === 404;
  return (
    <Stack gap="6" maxW="6xl">
      <PageHeader
        title={template.data ? template.data.name : t('templateVideo.title')}
        description={t('templateVideo.description')}
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
          {template.data ? <TemplateVideoForm key={template.data.id} template={template.data} /> : null}
        </LoadState>
      )}
    </Stack>
  );
}
