import type { ReactNode } from 'react';
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';

/** A titled white panel of a settings screen. */
export function Section({ title, children, danger }: { title: string; children: ReactNode; danger?: boolean }) {
  return (
    <Box
      as="section"
      aria-label={title}
      bg="white"
      borderRadius="lg"
      borderWidth="1px"
      borderColor={danger ? 'red.200' : undefined}
      p={{ base: '4', md: '6' }}
    >
      <Stack gap="4">
        <Heading size="md" as="h2" color={danger ? 'danger' : undefined}>
          {title}
        </Heading>
        {children}
      </Stack>
    </Box>
  );
}
