import { Progress, Stack, Text } from '@kagami/shared/ui';
import type { AvatarStage } from '../data/types';
import { useStudioTranslation } from './use-studio-translation';

type T = ReturnType<typeof useStudioTranslation>['t'];

/** "Finding the face 42%": what a new avatar is going through, in words, with its percentage when known. */
export function avatarStageText(t: T, stage: AvatarStage | 'uploading' | null, percent: number | null) {
  const words = t(`avatarStage.${stage ?? 'queued'}`);
  return typeof percent === 'number' ? t('avatarStage.withPercent', { stage: words, percent }) : words;
}

/** An avatar in progress: its stage and percentage over a progress bar (moving without a number until the worker reports one). */
export function AvatarStageProgress({ stage, progress }: { stage: AvatarStage | null; progress: number | null }) {
  const { t } = useStudioTranslation();
  const text = avatarStageText(t, stage, progress);
  return (
    <Stack gap="1" data-testid="avatar-stage" data-stage={stage ?? 'queued'}>
      <Text fontSize="sm">{text}</Text>
      <Progress.Root value={progress ?? null} colorPalette="teal" size="sm">
        <Progress.Track aria-label={t('avatarStage.label')} aria-valuetext={text}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}
