import { useEffect, useRef, type ReactNode } from 'react';
import { errorText } from '@kagami/shared/i18n';
import { Button, FormField, HStack, Stack, Text } from '@kagami/shared/ui';
import { acceptOf, type MediaKind, type MediaLimits, type UploadPurpose } from '@kagami/shared/validation';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { percent } from '../../components/uploads/format';
import { useUpload } from '../../components/uploads/use-upload';

type Props = {
  label: string;
  purpose: UploadPurpose;
  limits: MediaLimits;
  kind: MediaKind;
  /** What the kit holds now (a preview, a font's name), or null. */
  current: ReactNode;
  /** The field's error, already translated. */
  error?: string;
  onUploaded: (uploadId: string, file: { name: string }) => void;
  onClear: () => void;
};

/** One file of the kit (its logo, a font): what it holds, a button to upload another, the upload's progress or refusal. */
export function KitUpload({ label, purpose, limits, kind, current, error, onUploaded, onClear }: Props) {
  const { t } = useStudioTranslation();
  const upload = useUpload(purpose, limits, kind);
  const input = useRef<HTMLInputElement>(null);
  const { state } = upload;
  const done = state.phase === 'done' ? state : null;

  useEffect(() => {
    if (done) onUploaded(done.uploadId, { name: done.fileName });
    // Once per finished upload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done?.uploadId]);

  const busy = state.phase === 'preparing' || state.phase === 'uploading' || state.phase === 'paused' || state.phase === 'checking';
  const progress =
    state.phase === 'uploading' || state.phase === 'paused'
      ? t('brandKit.uploading', { percent: percent(state.sent, state.total) })
      : state.phase === 'checking' || state.phase === 'preparing'
        ? t('upload.checking')
        : null;

  return (
    <FormField label={label} error={error ?? (state.phase === 'failed' ? errorText(t, state) : undefined)}>
      <Stack gap="2" w="full">
        {current ?? <Text color="fg.muted">{t('brandKit.none')}</Text>}
        {progress ? (
          <Text color="fg.muted" aria-live="polite">
            {progress}
          </Text>
        ) : null}
        <HStack gap="2" wrap="wrap">
          <Button size="sm" color="secondary" loading={busy} onClick={() => input.current?.click()}>
            {t('brandKit.upload')}
          </Button>
          {current ? (
            <Button size="sm" color="white" disabled={busy} onClick={onClear}>
              {t('brandKit.clear')}
            </Button>
          ) : null}
        </HStack>
        <input
          ref={input}
          type="file"
          accept={acceptOf(limits, kind)}
          hidden
          aria-label={t('brandKit.fileOf', { label })}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload.start(file);
            event.target.value = '';
          }}
        />
      </Stack>
    </FormField>
  );
}
