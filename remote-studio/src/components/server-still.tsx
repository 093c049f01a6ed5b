import { useEffect, useState } from 'react';
import { errorText } from '@kagami/shared/i18n';
import { Box, Skeleton, Stack, Text } from '@kagami/shared/ui';
import { useStudioTranslation } from './use-studio-translation';

/**
 * A still the API composes (a layout, a scene), asked again a moment after `key` changes, the last request only;
 * `ask` null shows the placeholder without asking.
 */
export function ServerStill({
  stillKey,
  ask,
  alt,
  testId,
}: {
  stillKey: string;
  ask: ((signal: AbortSignal) => Promise<Blob>) | null;
  alt: string;
  testId: string;
}) {
  const { t } = useStudioTranslation();
  const [still, setStill] = useState<{ url: string } | { error: unknown } | null>(null);
  useEffect(() => {
    if (!ask) {
      setStill(null);
      return;
    }
    const controller = new AbortController();
    let url: string | null = null;
    const timer = setTimeout(() => {
      ask(controller.signal).then(
        (blob) => {
          url = URL.createObjectURL(blob);
          setStill({ url });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setStill({ error });
        },
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [stillKey]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Stack gap="1">
      <Text fontSize="sm" color="fg.muted">
        {t('videoNew.look.preview')}
      </Text>
      {still === null ? (
        <Skeleton h="180px" w="100%" maxW="320px" />
      ) : 'error' in still ? (
        <Text color="danger" role="alert">
          {errorText(t, still.error)}
        </Text>
      ) : (
        <Box>
          <img
            src={still.url}
            alt={alt}
            data-testid={testId}
            style={{ maxHeight: 320, maxWidth: '100%', borderRadius: 6, border: '1px solid #ddd' }}
          />
        </Box>
      )}
    </Stack>
  );
}
