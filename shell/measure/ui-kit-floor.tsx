// Measurement only (`pnpm measure:lighthouse`): the floor the UI kit sets. A page of React and the UI kit alone, a
// header and three cards as Home shows them, with no router, translations, session, data or federation. Built and
// measured beside the product, on the same host, so its score tells what any screen built with the kit can reach there.
import { Box, Button, Card, Flex, Heading, Stack, Text, UiProvider } from '@kagami/shared/ui';
import { renderFirstScreen } from '../src/render-first';

function Page() {
  return (
    <Box minH="100vh" bg="bg.subtle">
      <Flex as="header" p={4} bg="bg" borderBottomWidth="1px" justify="space-between" align="center">
        <Text fontWeight="bold">Kagami</Text>
        <Button>Menu</Button>
      </Flex>
      <Box as="main" p={4}>
        <Heading as="h1" size="xl" mb={4}>
          Avatars
        </Heading>
        <Stack gap={4}>
          {['Aoi', 'Ren', 'Mio'].map((name) => (
            <Card.Root key={name}>
              <Card.Body>
                <Heading as="h2" size="md">
                  {name}
                </Heading>
                <Text color="fg.muted">A photo avatar, ready. Make a video with it, or record a new one from your camera.</Text>
                <Button mt={2}>Create a video</Button>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      </Box>
    </Box>
  );
}

// As the shell starts its first screen.
void renderFirstScreen(
  document.getElementById('root')!,
  <UiProvider>
    <Page />
  </UiProvider>,
);
