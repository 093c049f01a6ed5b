import { Outlet } from '@kagami/shared/router';
import { useTranslation } from '@kagami/shared/i18n';
import { Box, Flex, Heading } from '@kagami/shared/ui';
import { LanguageSwitcher } from './language-switcher';

/** A plain page: brand, language, and the screen. */
export function BlankLayout() {
  const { t } = useTranslation('shell');
  return (
    <Box minH="100vh" bg="white">
      <Flex as="header" justify="space-between" align="center" px="6" py="4" borderBottomWidth="1px">
        <Heading as="p" size="lg" color="brand.700">
          {t('brand')}
        </Heading>
        <LanguageSwitcher />
      </Flex>
      <Box as="main" maxW="lg" mx="auto" px="4" py="10">
        <Outlet />
      </Box>
    </Box>
  );
}
