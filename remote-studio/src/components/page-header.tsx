import type { ReactNode } from 'react';
import { Heading, HStack, Stack, Text } from '@kagami/shared/ui';

export function PageHeader({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <HStack justify="space-between" align="flex-start" wrap="wrap" gap="4">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {description ? <Text color="fg.muted">{description}</Text> : null}
      </Stack>
      {action}
    </HStack>
  );
}
