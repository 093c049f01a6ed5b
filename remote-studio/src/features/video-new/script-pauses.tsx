import { Badge, Box, Button, HStack, Stack, Text } from '@kagami/shared/ui';
import { scriptParts } from '@kagami/shared/validation';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { numberFormat } from '@kagami/shared/i18n';

/** Pauses a script can hold at the press of a button (any length up to 10 s can be typed as `[pause 2.5s]`). */
const PAUSE_BUTTONS = [0.5, 1, 2];

/**
 * Under the script: buttons that write a pause where the cursor is, and, once the script holds one, the script as it
 * will be said, each pause a chip with its length.
 */
export function ScriptPauses({ script, onInsert }: { script: string; onInsert: (seconds: number) => void }) {
  const { t, i18n } = useStudioTranslation();
  const parts = scriptParts(script);
  const seconds = numberFormat(i18n.resolvedLanguage, { style: 'unit', unit: 'second', unitDisplay: 'short' });
  return (
    <Stack gap="2">
      <HStack gap="2" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          {t('videoNew.addPause')}
        </Text>
        {PAUSE_BUTTONS.map((length) => (
          <Button
            key={length}
            size="sm"
            color="secondary"
            onClick={() => onInsert(length)}
            aria-label={t('videoNew.addPauseOf', { length })}
          >
            {seconds.format(length)}
          </Button>
        ))}
      </HStack>
      {parts.some((part) => 'pauseSeconds' in part) ? (
        <Box fontSize="sm" data-testid="script-as-said" aria-label={t('videoNew.asSaid')} borderWidth="1px" borderRadius="md" p="2">
          {parts.map((part, index) =>
            'say' in part ? (
              <Text as="span" key={index}>
                {part.say}{' '}
              </Text>
            ) : (
              <Badge key={index} colorPalette="purple" variant="subtle" mx="1" data-testid="pause-chip">
                {t('videoNew.pauseChip', { length: seconds.format(part.pauseSeconds) })}
              </Badge>
            ),
          )}
        </Box>
      ) : null}
    </Stack>
  );
}
