import { useEffect, useRef, useState } from 'react';
import { AVATAR_VIDEO } from '@kagami/shared/validation';
import { FormError } from '@kagami/shared/forms';
import { Box, Button, HStack, Stack, Text } from '@kagami/shared/ui';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { formatClock } from '../../components/uploads/format';
import { useRecorder } from './use-recorder';

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  return <>{formatClock((now - since) / 1000)}</>;
}

/**
 * Records the avatar's source with the webcam: permission, a live preview with the speech script over it
 * while recording, stop, record again, and hands the recording on when it is long enough.
 */
export function WebcamRecorder({ onRecorded, sending }: { onRecorded: (file: File) => void; sending: boolean }) {
  const { t } = useStudioTranslation();
  const recorder = useRecorder();
  const { state, stream } = recorder;
  const live = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (live.current && stream) live.current.srcObject = stream;
  }, [stream, state.phase]);

  if (state.phase === 'idle' || state.phase === 'requesting' || state.phase === 'failed') {
    return (
      <Stack gap="3">
        <FormError error={state.phase === 'failed' ? { code: state.code } : null} />
        <Text>{t('webcam.intro')}</Text>
        <HStack>
          <Button onClick={() => void recorder.requestAccess()} loading={state.phase === 'requesting'}>
            {t('webcam.allow')}
          </Button>
        </HStack>
      </Stack>
    );
  }

  if (state.phase === 'recorded') {
    const tooShort = state.seconds < AVATAR_VIDEO.minSeconds;
    return (
      <Stack gap="3">
        <video
          src={state.url}
          controls
          aria-label={t('webcam.recording')}
          style={{ width: '100%', maxHeight: '50vh', background: 'black' }}
        />
        <Text color="fg.muted">{t('webcam.length', { length: formatClock(state.seconds) })}</Text>
        <FormError error={tooShort ? { code: 'video_too_short' } : null} />
        <HStack gap="2">
          <Button color="white" onClick={recorder.recordAgain} disabled={sending}>
            {t('webcam.recordAgain')}
          </Button>
          <Button disabled={tooShort || sending} onClick={() => onRecorded(state.file)}>
            {t('webcam.use')}
          </Button>
        </HStack>
      </Stack>
    );
  }

  return (
    <Stack gap="3">
      <Box position="relative" bg="black" borderRadius="md" overflow="hidden">
        <video
          ref={live}
          autoPlay
          muted
          playsInline
          aria-label={t('webcam.preview')}
          style={{ width: '100%', maxHeight: '60vh', display: 'block', transform: 'scaleX(-1)' }}
        />
        {state.phase === 'recording' ? (
          <>
            <Box
              position="absolute"
              top="3"
              left="3"
              bg="red.600"
              color="white"
              px="2"
              py="1"
              borderRadius="md"
              fontSize="sm"
              data-testid="recording-timer"
            >
              ● <Elapsed since={state.startedAt} />
            </Box>
            <Box
              position="absolute"
              insetX="0"
              bottom="0"
              bg="blackAlpha.700"
              color="white"
              p="4"
              maxH="45%"
              overflowY="auto"
              data-testid="speech-script"
            >
              <Text fontSize="lg" lineHeight="tall">
                {t('webcam.script')}
              </Text>
            </Box>
          </>
        ) : null}
      </Box>
      <Text fontSize="sm" color="fg.muted">
        {t('webcam.tips', { seconds: AVATAR_VIDEO.closedLipsSeconds })}
      </Text>
      <HStack gap="2">
        {state.phase === 'recording' ? (
          <Button danger onClick={recorder.stop}>
            {t('webcam.stop')}
          </Button>
        ) : (
          <Button onClick={recorder.start}>{t('webcam.start')}</Button>
        )}
      </HStack>
    </Stack>
  );
}
