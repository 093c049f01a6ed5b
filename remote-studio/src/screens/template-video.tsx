import { useStudioTranslation } from '../components/use-studio-translation';
import { TemplatePage } from '../features/templates/template-page';
import { TemplateVideoForm } from '../features/templates/template-video-form';

/** TemplateVideo: one video of the template of `:templateId`, its variables filled in. */
export default function TemplateVideo() {
  const { t } = useStudioTranslation();
  return (
    <TemplatePage
      maxW="6xl"
      title={(template) => template?.name ?? t('templateVideo.title')}
      description={() => t('templateVideo.description')}
    >
      {(template) => <TemplateVideoForm key={template.id} template={template} />}
    </TemplatePage>
  );
}
