import { useAtomValue } from 'jotai';
import { apiBaseUrl, apiKeyKeys, teamApi } from '@kagami/shared/api';
import { useQuery } from '@kagami/shared/query';
import { profileAtom } from '@kagami/shared/session';
import { Box, Button, Code, HStack, Link, Section, Stack, Text } from '@kagami/shared/ui';
import { useAccountTranslation } from '../../components/use-account-translation';
import { copyText } from '../../components/copy-text';

/** Where the API is reached from outside: the configured API address, or this page's origin behind a proxy. */
const publicApiBase = () => (apiBaseUrl() || window.location.origin).replace(/\/$/, '');

/** A command to copy. */
function Snippet({ label, text, testId }: { label: string; text: string; testId: string }) {
  const { t } = useAccountTranslation();
  return (
    <Stack gap="1">
      <HStack justify="space-between">
        <Text fontWeight="medium">{label}</Text>
        <Button size="sm" color="white" onClick={() => void copyText(text, t('apiKey.copied'), t('apiKey.copyFailed'))}>
          {t('apiKey.copy')}
        </Button>
      </HStack>
      <Code as="pre" data-testid={testId} p="3" whiteSpace="pre-wrap" wordBreak="break-all" display="block">
        {text}
      </Code>
    </Stack>
  );
}

/** The API reference and working examples with this team's real ids. */
export function ApiUseSection() {
  const { t } = useAccountTranslation();
  const teamId = useAtomValue(profileAtom)?.currentTeam?.id ?? '';
  const avatars = useQuery({
    queryKey: [...apiKeyKeys.detail(teamId), 'avatars'],
    queryFn: () => teamApi.recentAvatars(teamId),
    enabled: Boolean(teamId),
  });
  const base = publicApiBase();
  const avatar = avatars.data?.items.find((a) => a.status === 'ready');
  const body = JSON.stringify({ title: 'Hello', avatar_id: avatar?.id ?? 'AVATAR_ID', language: 'en', script: 'Hello from Kagami.' });
  const key = '-H "X-API-Key: $KAGAMI_API_KEY"';
  return (
    <Section title={t('apiUse.title')}>
      <Text color="gray.700">{t('apiUse.intro')}</Text>
      <Box>
        <Link
          href={`${base}/api/v1/docs`}
          target="_blank"
          rel="noopener"
          color="brand.700"
          fontWeight="medium"
          data-testid="api-reference-link"
        >
          {t('apiUse.reference')}
        </Link>
        <Text fontSize="sm" color="gray.600">
          {t('apiUse.referenceHint')}
        </Text>
      </Box>
      <Snippet label={t('apiUse.listAvatars')} testId="curl-list" text={`curl ${key} ${base}/api/v1/avatars`} />
      {avatar ? null : <Text color="gray.600">{t('apiUse.noAvatar')}</Text>}
      <Snippet
        label={t('apiUse.createVideo', { avatar: avatar?.name ?? 'AVATAR_ID' })}
        testId="curl-create"
        text={`curl -X POST ${base}/api/v1/videos \\\n  ${key} \\\n  -H "Content-Type: application/json" \\\n  -d '${body}'`}
      />
      <Snippet
        label={t('apiUse.cli')}
        testId="cli-example"
        text={`pnpm kagami login --key "$KAGAMI_API_KEY" --url ${base}\npnpm kagami video create --avatar ${avatar?.id ?? 'AVATAR_ID'} --script script.txt --wait --out video.mp4`}
      />
    </Section>
  );
}
