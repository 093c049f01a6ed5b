import { Stack } from '@kagami/shared/ui';
import { ApiKeyPanel } from '../features/api-key/api-key-panel';

export default function ApiKeyScreen() {
  return (
    <Stack gap="6" maxW="3xl">
      <ApiKeyPanel />
    </Stack>
  );
}
