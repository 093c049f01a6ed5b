import { useRef, useState, type DragEvent } from 'react';
import { FormError } from '@kagami/shared/forms';
import { Alert, Box, Button, HStack, Progress, Stack, Text } from '@kagami/shared/ui';
import { useStudioTranslation } from '../use-studio-translation';
import { formatBytes, percent } from './format';
import type { useUpload } from './use-upload';

type Props = {
  upload: ReturnType<typeof useUpload>;
  accept: string;
  /** What to drop here, and the rules, shown inside the drop zone. */
  prompt: string;
  hint: string;
};

/** File picker and drop zone, then the upload's progress, speed and controls, or why it stopped. */
export function UploadPanel({ upload, accept, prompt, hint }: Props) {
  const { t } = useStudioTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const { state } = upload;
  const choose = (file: File | undefined) => file && void upload.start(file);

  if (state.phase === 'uploading' || state.phase === 'paused') {
    const done = percent(state.sent, state.total);
    return (
      <Stack gap="3" data-testid="upload-progress" aria-live="polite">
        <Text fontWeight="medium">{state.fileName}</Text>
        {state.resumed ? <Text color="fg.muted">{t('upload.resumed')}</Text> : null}
        <Progress.Root value={done} colorPalette="teal" aria-label={t('upload.progressLabel')}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <HStack justify="space-between" fontSize="sm" color="fg.muted">
          <Text data-testid="upload-percent">
            {t('upload.progress', { percent: done, sent: formatBytes(state.sent), total: formatBytes(state.total) })}
          </Text>
          <Text>{state.phase === 'paused' ? t('upload.paused') : t('upload.speed', { speed: formatBytes(state.bytesPerSecond) })}</Text>
        </HStack>
        <HStack gap="2">
          {state.phase === 'paused' ? (
            <Button size="sm" onClick={upload.resume}>
              {t('upload.resume')}
            </Button>
          ) : (
            <Button size="sm" color="secondary" onClick={upload.pause}>
              {t('upload.pause')}
            </Button>
          )}
          <Button size="sm" color="white" onClick={upload.cancel}>
            {t('upload.cancel')}
          </Button>
        </HStack>
      </Stack>
    );
  }
  if (state.phase === 'preparing') {
    return (
      <Stack gap="2" aria-live="polite">
        <Text fontWeight="medium">{state.fileName}</Text>
        <Text color="fg.muted">{t('upload.preparing')}</Text>
      </Stack>
    );
  }
  if (state.phase === 'checking') {
    return (
      <Stack gap="2" aria-live="polite">
        <Text fontWeight="medium">{state.fileName}</Text>
        <Text color="fg.muted">{t('upload.checking')}</Text>
      </Stack>
    );
  }
  if (state.phase === 'done') {
    return (
      <Alert.Root status="success">
        <Alert.Indicator />
        <HStack justify="space-between" flex="1" wrap="wrap">
          <Alert.Title>{t('upload.done', { name: state.fileName })}</Alert.Title>
          <Button size="sm" color="white" onClick={upload.reset}>
            {t('upload.chooseAnother')}
          </Button>
        </HStack>
      </Alert.Root>
    );
  }
  return (
    <Stack gap="3">
      <FormError error={state.phase === 'failed' ? state : null} />
      {upload.unfinished.map((entry) => (
        <Alert.Root status="info" key={entry.urlStorageKey} data-testid="unfinished-upload">
          <Alert.Indicator />
          <HStack justify="space-between" flex="1" wrap="wrap">
            <Alert.Title>{t('upload.unfinished', { name: entry.metadata.filename ?? '', size: formatBytes(entry.size ?? 0) })}</Alert.Title>
            <Button size="sm" color="white" onClick={() => void upload.discard(entry)}>
              {t('upload.discard')}
            </Button>
          </HStack>
        </Alert.Root>
      ))}
      <Box
        data-testid="drop-zone"
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={dragging ? 'brand.500' : 'gray.300'}
        bg={dragging ? 'brand.50' : 'white'}
        borderRadius="lg"
        p="8"
        textAlign="center"
        onDragOver={(event: DragEvent) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event: DragEvent) => {
          event.preventDefault();
          setDragging(false);
          choose(event.dataTransfer.files[0]);
        }}
      >
        <Stack gap="2" align="center">
          <Text fontWeight="medium">{prompt}</Text>
          <Text fontSize="sm" color="fg.muted">
            {hint}
          </Text>
          <Button size="sm" color="secondary" onClick={() => input.current?.click()}>
            {t('upload.choose')}
          </Button>
        </Stack>
        <input
          ref={input}
          type="file"
          accept={accept}
          hidden
          aria-label={t('upload.fileLabel')}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Box>
    </Stack>
  );
}
