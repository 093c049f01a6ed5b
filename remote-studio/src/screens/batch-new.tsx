import { numberFormat } from '@kagami/shared/i18n';
import { BATCH_ROWS_MAX } from '@kagami/shared/validation';
import { useStudioTranslation } from '../components/use-studio-translation';
import { BatchStart } from '../features/batches/batch-start';
import { TemplatePage } from '../features/templates/template-page';

/** BatchNew: a batch of videos of the template of `:templateId`, a row of a CSV each. */
export default function BatchNew() {
  const { t, i18n } = useStudioTranslation();
  return (
    <TemplatePage
      maxW="5xl"
      title={() => t('batchNew.title')}
      description={(template) =>
        template
          ? t('batchNew.description', { name: template.name, max: numberFormat(i18n.resolvedLanguage).format(BATCH_ROWS_MAX) })
          : undefined
      }
    >
      {(template) => <BatchStart key={template.id} template={template} />}
    </TemplatePage>
  );
}
