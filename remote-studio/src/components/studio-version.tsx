import { useQuery } from '@kagami/shared/query';
import { Text } from '@kagami/shared/ui';
import { studioKeys } from '../data/keys';
import { useStudioTranslation } from './use-studio-translation';

declare const __webpack_public_path__: string | undefined;

/** version.json sits beside this remote's files, wherever the remote is deployed. */
async function deployedVersion(): Promise<string> {
  const base = typeof __webpack_public_path__ === 'string' && __webpack_public_path__ ? __webpack_public_path__ : '/';
  const response = await fetch(new URL('version.json', new URL(base, window.location.href)));
  if (!response.ok) throw new Error(`version.json: ${response.status}`);
  return ((await response.json()) as { version: string }).version;
}

/** The deployed build of remote-studio, so whoever runs Kagami sees which version a screen comes from. */
export function StudioVersion() {
  const { t } = useStudioTranslation();
  const version = useQuery({ queryKey: studioKeys.version(), queryFn: deployedVersion, staleTime: Infinity, retry: false });
  if (!version.data) return null;
  return (
    <Text fontSize="xs" color="gray.600" data-testid="studio-version">
      {t('version', { version: version.data })}
    </Text>
  );
}
