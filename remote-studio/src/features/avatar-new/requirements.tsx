import { AVATAR_PHOTO, AVATAR_VIDEO } from '@kagami/shared/validation';
import { Box, Stack, Text } from '@kagami/shared/ui';
import { useStudioTranslation } from '../../components/use-studio-translation';

/** What makes a good source video (SPEC §5, §9), or a good photo when the avatar is made from one. */
export function Requirements({ photo = false }: { photo?: boolean }) {
  const { t } = useStudioTranslation();
  const items = photo ? photoItems(t) : videoItems(t);
  const title = t(photo ? 'requirements.photoTitle' : 'requirements.title');
  return (
    <Box borderWidth="1px" borderRadius="lg" bg="white" p="5" as="section" aria-label={title}>
      <Text fontWeight="semibold" mb="2">
        {title}
      </Text>
      <Stack as="ul" gap="1" pl="5" listStyleType="disc">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </Stack>
    </Box>
  );
}

type T = ReturnType<typeof useStudioTranslation>['t'];

const photoItems = (t: T) => [
  t('requirements.photoFormats', { formats: 'JPEG, PNG, WebP', size: '20 MB' }),
  t('requirements.photoFace', { pixels: AVATAR_PHOTO.minFacePixels }),
  t('requirements.photoFrontal'),
  t('requirements.photoLips'),
  t('requirements.lighting'),
];

function videoItems(t: T) {
  return [
    t('requirements.formats', { formats: AVATAR_VIDEO.formats.map((f) => f.toUpperCase()).join(', ') }),
    t('requirements.length', { min: AVATAR_VIDEO.minSeconds, from: AVATAR_VIDEO.advisedMinutes[0], to: AVATAR_VIDEO.advisedMinutes[1] }),
    t('requirements.size', { size: '5 GB' }),
    t('requirements.lighting'),
    t('requirements.framing'),
    t('requirements.speech'),
    t('requirements.ending', { seconds: AVATAR_VIDEO.closedLipsSeconds }),
  ];
}
