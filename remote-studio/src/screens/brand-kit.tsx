import { LoadState, Stack } from '@kagami/shared/ui';
import { PageHeader } from '../components/page-header';
import { useStudioTranslation } from '../components/use-studio-translation';
import { useBrandKit } from '../data/brand-kit';
import { BrandKitEditor } from '../features/brand-kit/brand-kit-editor';

/** The team's brand kit: the colours, logo and fonts its videos are drawn in. */
export default function BrandKit() {
  const { t } = useStudioTranslation();
  const kit = useBrandKit();
  return (
    <Stack gap="6">
      <PageHeader title={t('brandKit.title')} description={t('brandKit.description')} />
      <LoadState loading={kit.isPending} error={kit.error} onRetry={() => void kit.refetch()}>
        {kit.data ? <BrandKitEditor kit={kit.data} /> : null}
      </LoadState>
    </Stack>
  );
}
