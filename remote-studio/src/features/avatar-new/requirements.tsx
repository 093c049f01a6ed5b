import { AVATAR_VIDEO } from '@kagami/shared/validation';
import { Box, Stack, Text } from '@kagami/shared/ui';
import { useStudioTranslation } from '../../components/use-studio-translation';

/** What makes a good source video (SPEC §5, §9). */
export function Requirements() {
  const { t } = useStudioTranslation();
  const items = [
    t('requirements.formats', { formats: AVATAR_VIDEO.formats.map((f) => f.toUpperCase()).join(', ') }),
    t('requirements.length', { min: AVATAR_VIDEO.minSeconds, from: AVATAR_VIDEO.advisedMinutes[0], to: AVATAR_VIDEO.advisedMinutes[1] }),
    t('requirements.size', { size: '5 GB' }),
    t('requirements.lighting'),
    t('requirements.framing'),
    t('requirements.speech'),
    t('requirements.ending', { seconds: AVATAR_VIDEO.closedLipsSeconds }),
  ];
  return (
    <Box borderWidth="1px" borderRadius="lg" bg="white" p="5" as="section" aria-label={t('requirements.title')}>
      <Text fontWeight="semibold" mb="2">
        {t('requirements.title')}
      </Text>
      <Stack as="ul" gap="1" pl="5" listStyleType="disc">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </Stack>
    </Box>
  );
}
