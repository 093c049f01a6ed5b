import { Heading, Stack, Text } from '@kagami/shared/ui';

export function ScreenTitle({ title, intro }: { title: string; intro?: string }) {
  return (
    <Stack gap="1">
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      {intro ? <Text color="gray.600">{intro}</Text> : null}
    </Stack>
  );
}
