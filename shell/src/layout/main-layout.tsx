import { Link as RouterLink, Outlet, useLocation, useNavigate } from '@kagami/shared/router';
import { currentLanguage, useTranslation } from '@kagami/shared/i18n';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { paths } from '@kagami/shared/contract';
import { profileAtom, useSessionActions } from '@kagami/shared/session';
import { Box, Button, Flex, Heading, HStack, Icon, Link, Stack, Text } from '@kagami/shared/ui';
import { MENU, type MenuItem } from './menu';
import { LanguageSwitcher } from './language-switcher';
import { QuotaSummary } from './quota-summary';
import { TeamSwitcher } from './team-switcher';

function MenuLink({ to, labelKey, icon, alsoActiveOn = [] }: MenuItem) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const isActive = pathname === to || pathname.startsWith(`${to}/`) || alsoActiveOn.includes(pathname);
  return (
    <RouterLink to={to} style={{ textDecoration: 'none' }} aria-current={isActive ? 'page' : undefined}>
      <HStack
        px="3"
        py="2"
        borderRadius="md"
        bg={isActive ? 'brand.50' : undefined}
        color={isActive ? 'brand.700' : 'gray.700'}
        fontWeight={isActive ? 'semibold' : 'normal'}
        _hover={{ bg: 'brand.50' }}
      >
        {icon ? <Icon name={icon} size="xs" /> : <Box w="18px" />}
        <Text>{t(labelKey)}</Text>
      </HStack>
    </RouterLink>
  );
}

/** The signed-in frame: menu of SPEC §2, team slot, language, footer with policy links and log out. */
export function MainLayout({ teamSwitcher }: { teamSwitcher?: ReactNode }) {
  const { t, i18n } = useTranslation('shell');
  const language = currentLanguage(i18n);
  const profile = useAtomValue(profileAtom);
  const actions = useSessionActions();
  const navigate = useNavigate();
  const logout = async () => {
    await actions.logout();
    navigate(paths.login(), { replace: true });
  };
  return (
    <Flex minH="100vh" direction={{ base: 'column', md: 'row' }}>
      <Flex
        as="nav"
        aria-label={t('menu.label')}
        direction="column"
        w={{ base: '100%', md: '240px' }}
        position={{ md: 'sticky' }}
        top="0"
        h={{ md: '100vh' }}
        overflowY={{ md: 'auto' }}
        flexShrink={0}
        bg="white"
        borderRightWidth="1px"
        p="4"
        gap="4"
      >
        <Heading size="lg" color="brand.700" px="3">
          <RouterLink to={paths.home()}>{t('brand')}</RouterLink>
        </Heading>
        <Stack gap="1">
          {MENU.main.map((item) => (
            <MenuLink key={item.to} {...item} />
          ))}
        </Stack>
        <Stack gap="1">
          <HStack px="3" color="gray.500" fontSize="sm">
            <Icon name="settings" size="xs" />
            <Text>{t('menu.settings')}</Text>
          </HStack>
          {MENU.settings.map((item) => (
            <MenuLink key={item.to} {...item} />
          ))}
        </Stack>
        <QuotaSummary />
        <Stack gap="2" mt="auto" fontSize="sm" px="3">
          <Link href={paths.privacyPolicy(language)} target="_blank" color="gray.600">
            {t('footer.privacyPolicy')}
          </Link>
          <Link href={paths.termsOfUse(language)} target="_blank" color="gray.600">
            {t('footer.termsOfUse')}
          </Link>
          <Button size="sm" color="white" onClick={() => void logout()} icon={<Icon name="logout" size={20} />}>
            {t('footer.logout')}
          </Button>
        </Stack>
      </Flex>
      <Flex direction="column" flex="1" minW="0" bg="gray.50">
        <Flex as="header" justify="space-between" align="center" px="6" py="3" bg="white" borderBottomWidth="1px" gap="4">
          <Box data-testid="team-slot">{teamSwitcher ?? <TeamSwitcher />}</Box>
          <HStack gap="4">
            <Text color="gray.600" fontSize="sm" data-testid="user-name">
              {profile?.name}
            </Text>
            <LanguageSwitcher />
          </HStack>
        </Flex>
        <Box as="main" flex="1" p={{ base: '4', md: '8' }}>
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
