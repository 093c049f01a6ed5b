import { Outlet } from '@kagami/shared/router';
import { useTranslation } from '@kagami/shared/i18n';
import { Box, Center, Flex, Heading, Stack } from '@kagami/shared/ui';
import { LanguageSwitcher } from './language-switcher';

/** Centered card for sign-in and onboarding. */
export function AuthLayout() {
  const { t } = useTranslation('shell');
  return (
    <Flex direction="column" minH="100vh" bg="secondary">
      <Flex as="header" justify="space-between" align="center" px="6" py="4">
        <Heading as="p" size="lg" color="brand.700">
          {t('brand')}
        </Heading>
        <LanguageSwitcher />
      </Flex>
      <Center as="main" flex="1" px="4" pb="10">
        <Box w="100%" maxW="md" bg="white" borderRadius="xl" boxShadow="md" p={{ base: '6', md: '8' }}>
          <Stack gap="4">
            <Outlet />
          </Stack>
        </Box>
      </Center>
    </Flex>
  );
}
