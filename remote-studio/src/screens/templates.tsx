import { Stack } from '@kagami/shared/ui';
import { PageHeader } from '../components/page-header';
import { useStudioTranslation } from '../components/use-studio-translation';
import { BatchList } from '../features/batches/batch-list';
import { TemplateList } from '../features/templates/template-list';

/** The team's templates (make a video, start a batch, rename, duplicate, delete) and its recent batches. */
export default function Templates() {
  const { t } = useStudioTranslation();
  return (
    <Stack gap="6" maxW="5xl">
      <PageHeader title={t('templates.title')} description={t('templates.description')} />
      <TemplateList />
      <BatchList />
    </Stack>
  );
}
