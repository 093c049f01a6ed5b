import { Link as RouterLink, Outlet, useLocation, useNavigate } from '@kagami/shared/router';
import { currentLanguage, useTranslation } from '@kagami/shared/i18n';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { paths } from '@kagami/shared/contract';
import { profileAtom, useSessionActions } from '@kagami/shared/session';
import { Box, Button, Flex, Heading, HStack, Icon, Link, Stack, Text, useWideScreen } from '@kagami/shared/ui';
import { MENU, type MenuItem } from './menu';
import { LanguageSwitcher } from './language-switcher';
import { MenuButton, TeamButton } from './header-buttons';
import { QuotaSummary } from './quota-summary';

// The drawer and the team menu are widgets of a chunk of their own (about 140 KB): the screen shows without waiting
// for them, and their buttons stand in meanwhile. A button pressed before its widget is there opens it on arrival.
const MenuDrawer = lazy(() => import('./menu-drawer').then((module) => ({ default: module.MenuDrawer })));
const TeamSwitcher = lazy(() => import('./team-switcher').then((module) => ({ default: module.TeamSwitcher })));

function MenuLink({ to, labelKey, icon, alsoActiveOn = [] }: MenuItem) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const isActive = pathname === to || pathname.startsWith(`${to}/`) || alsoActiveOn.includes(pathname);
  return (
    <RouterLink to={to} style={{ textDecoration: 'none' }} aria-current={isActive ? 'page' : undefined}>
      <HStack
        px="3"
        py="2"
        minH={{ base: '44px', md: 'auto' }}
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

/** The menu of SPEC §2, the quota, the policy links and log out: the sidebar on a wide screen, the drawer on a phone. */
function MenuContent({ onPhone }: { onPhone?: boolean }) {
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
    <>
      <Stack gap="1">
        {MENU.main.map((item) => (
          <MenuLink key={item.to} {...item} />
        ))}
      </Stack>
      <Stack gap="1">
        <HStack px="3" color="gray.600" fontSize="sm">
          <Icon name="settings" size="xs" />
          <Text>{t('menu.settings')}</Text>
        </HStack>
        {MENU.settings.map((item) => (
          <MenuLink key={item.to} {...item} />
        ))}
      </Stack>
      <QuotaSummary />
      {onPhone ? (
        <Stack gap="2" px="3">
          <Text color="gray.600" fontSize="sm">
            {profile?.name}
          </Text>
          <LanguageSwitcher />
        </Stack>
      ) : null}
      <Stack gap="2" mt="auto" fontSize="sm" px="3">
        <Link href={paths.privacyPolicy(language)} target="_blank" color="gray.600" minH={{ base: '44px', md: 'auto' }}>
          {t('footer.privacyPolicy')}
        </Link>
        <Link href={paths.termsOfUse(language)} target="_blank" color="gray.600" minH={{ base: '44px', md: 'auto' }}>
          {t('footer.termsOfUse')}
        </Link>
        <Button size="sm" color="white" onClick={() => void logout()} icon={<Icon name="logout" size={20} />}>
          {t('footer.logout')}
        </Button>
      </Stack>
    </>
  );
}

function Brand() {
  const { t } = useTranslation('shell');
  return (
    <Heading size="lg" color="brand.700" px={{ md: '3' }}>
      <RouterLink to={paths.home()}>{t('brand')}</RouterLink>
    </Heading>
  );
}

/**
 * The signed-in frame. From the `md` breakpoint up: the menu as a sidebar and a header with the team, the user and
 * the language. Below it (phones): a compact header with a menu button, the brand and the team; the menu, the user and
 * the language are in a drawer.
 */
export function MainLayout() {
  const { t } = useTranslation('shell');
  const profile = useAtomValue(profileAtom);
  const wide = useWideScreen();
  const [pressed, setPressed] = useState<'menu' | 'team' | null>(null);
  return (
    <Flex minH="100vh" direction={{ base: 'column', md: 'row' }}>
      {wide ? (
        <Flex
          as="nav"
          aria-label={t('menu.label')}
          direction="column"
          w="240px"
          position="sticky"
          top="0"
          h="100vh"
          overflowY="auto"
          flexShrink={0}
          bg="white"
          borderRightWidth="1px"
          p="4"
          gap="4"
        >
          <Brand />
          <MenuContent />
        </Flex>
      ) : null}
      <Flex direction="column" flex="1" minW="0" bg="gray.50">
        <Flex
          as="header"
          justify="space-between"
          align="center"
          px={{ base: '2', md: '6' }}
          py={{ base: '2', md: '3' }}
          bg="white"
          borderBottomWidth="1px"
          gap={{ base: '2', md: '4' }}
        >
          {wide ? null : (
            <HStack gap="2" minW="0">
              <Suspense fallback={<MenuButton label={t('menu.label')} onClick={() => setPressed('menu')} />}>
                <MenuDrawer title={t('menu.label')} brand={<Brand />} defaultOpen={pressed === 'menu'}>
                  <MenuContent onPhone />
                </MenuDrawer>
              </Suspense>
              <Brand />
            </HStack>
          )}
          <Box data-testid="team-slot" minW="0">
            <Suspense fallback={<TeamButton team={profile?.currentTeam} onClick={() => setPressed('team')} />}>
              <TeamSwitcher defaultOpen={pressed === 'team'} />
            </Suspense>
          </Box>
          {wide ? (
            <HStack gap="4">
              <Text color="gray.600" fontSize="sm" data-testid="user-name">
                {profile?.name}
              </Text>
              <LanguageSwitcher />
            </HStack>
          ) : null}
        </Flex>
        <Box as="main" flex="1" p={{ base: '4', md: '8' }} minW="0">
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
