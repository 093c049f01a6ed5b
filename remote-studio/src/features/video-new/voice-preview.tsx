import { useEffect, useRef, useState } from 'react';
import { errorText } from '@kagami/shared/i18n';
import { Button, HStack, Stack, Text } from '@kagami/shared/ui';
import { PREVIEW_MAX_CHARS, type ContentLanguage } from '@kagami/shared/validation';
import { useTeamId } from '../../data/queries';
import { studioApi } from '../../data/studio-api';
import { useStudioTranslation } from '../../components/use-studio-translation';

/** The first sentences of the script, up to the preview's limit. */
export const previewText = (script: string) => {
  const text = script.trim();
  if (text.length <= PREVIEW_MAX_CHARS) return text;
  const cut = text.slice(0, PREVIEW_MAX_CHARS);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('。'), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  return end > 40 ? cut.slice(0, end + 1) : cut;
};

/** Speaks the start of the script in the chosen voice (or the avatar's default voice) and plays it. */
export function VoicePreview({
  avatarId,
  voiceId,
  language,
  script,
  speed,
}: {
  avatarId: string;
  voiceId: string;
  language: ContentLanguage;
  script: string;
  speed: number;
}) {
  const { t } = useStudioTranslation();
  const teamId = useTeamId();
  const [state, setState] = useState<{ phase: 'idle' | 'loading' } | { phase: 'ready'; url: string } | { phase: 'failed'; error: unknown }>(
    { phase: 'idle' },
  );
  const controller = useRef<AbortController | null>(null);
  const url = state.phase === 'ready' ? state.url : null;

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  const text = previewText(script);
  const play = async () => {
    controller.current?.abort();
    controller.current = new AbortController();
    setState({ phase: 'loading' });
    try {
      const wav = await studioApi.voicePreview(
        teamId,
        { avatarId: voiceId ? undefined : avatarId, voiceId: voiceId || undefined, language, text, speed },
        controller.current.signal,
      );
      setState({ phase: 'ready', url: URL.createObjectURL(wav) });
    } catch (error) {
      if ((error as Error).name !== 'AbortError') setState({ phase: 'failed', error });
    }
  };

  return (
    <Stack gap="2">
      <HStack gap="3" wrap="wrap">
        <Button size="sm" color="secondary" onClick={() => void play()} loading={state.phase === 'loading'} disabled={!text}>
          {t('videoNew.preview')}
        </Button>
        {!text ? (
          <Text fontSize="sm" color="fg.muted">
            {t('videoNew.previewNeedsScript')}
          </Text>
        ) : null}
        {url ? <audio src={url} controls autoPlay data-testid="voice-preview-audio" aria-label={t('videoNew.preview')} /> : null}
      </HStack>
      {state.phase === 'failed' ? (
        <Text role="alert" color="danger" fontSize="sm">
          {errorText(t, state.error)}
        </Text>
      ) : null}
    </Stack>
  );
}
