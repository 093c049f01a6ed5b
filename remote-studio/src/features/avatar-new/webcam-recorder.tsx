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

/** What a recording is for: the script read over the preview, its shortest length, and the tips below it. */
export type RecordingPurpose = {
  script: string;
  minSeconds: number;
  tooShort: string;
  tips: string;
  /** The longest a recording may be, with the error shown past it. */
  max?: { seconds: number; tooLong: string };
};

/**
 * Records with the webcam (the front camera on a phone): permission, a live preview with the script over it while
 * recording, stop, record again, and hands the recording on when it is long enough. The preview is mirrored, as people
 * expect to see themselves; the recording is not. By default it records the avatar's footage.
 */
export function WebcamRecorder({
  onRecorded,
  sending,
  purpose,
}: {
  onRecorded: (file: File) => void;
  sending: boolean;
  purpose?: RecordingPurpose;
}) {
  const { t } = useStudioTranslation();
  const {
    script,
    minSeconds,
    tooShort: tooShortCode,
    tips,
    max,
  } = purpose ?? {
    script: t('webcam.script'),
    minSeconds: AVATAR_VIDEO.minSeconds,
    tooShort: 'video_too_short',
    tips: t('webcam.tips', { seconds: AVATAR_VIDEO.closedLipsSeconds }),
  };
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
    const tooShort = state.seconds < minSeconds;
    const tooLong = max !== undefined && state.seconds > max.seconds;
    return (
      <Stack gap="3">
        <video
          src={state.url}
          controls
          aria-label={t('webcam.recording')}
          style={{ width: '100%', maxHeight: '50vh', background: 'black' }}
        />
        <Text color="fg.muted">{t('webcam.length', { length: formatClock(state.seconds) })}</Text>
        <FormError error={tooShort ? { code: tooShortCode } : tooLong ? { code: max.tooLong } : null} />
        <HStack gap="2">
          <Button color="white" onClick={recorder.recordAgain} disabled={sending}>
            {t('webcam.recordAgain')}
          </Button>
          <Button disabled={tooShort || tooLong || sending} onClick={() => onRecorded(state.file)}>
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
                {script}
              </Text>
            </Box>
          </>
        ) : null}
      </Box>
      <Text fontSize="sm" color="fg.muted">
        {tips}
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
