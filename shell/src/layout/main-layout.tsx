import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { paths } from '@kagami/shared/contract';
import { profileAtom, useSessionActions } from '@kagami/shared/session';
import { Box, Button, Flex, Heading, HStack, Icon, Link, Stack, Text, type IconName } from '@kagami/shared/ui';
import { LanguageSwitcher } from './language-switcher';
import { TeamSwitcher } from './team-switcher';

type MenuItem = { to: string; label: string; icon?: IconName };

function MenuLink({ to, label, icon }: MenuItem) {
  return (
    <NavLink to={to} end={to === paths.home()} style={{ textDecoration: 'none' }}>
      {({ isActive }) => (
        <HStack
          px="3"
          py="2"
          borderRadius="md"
          bg={isActive ? 'brand.50' : undefined}
          color={isActive ? 'brand.700' : 'gray.700'}
          fontWeight={isActive ? 'semibold' : 'normal'}
          _hover={{ bg: 'brand.50' }}
          aria-current={isActive ? 'page' : undefined}
        >
          {icon ? <Icon name={icon} size="xs" /> : <Box w="18px" />}
          <Text>{label}</Text>
        </HStack>
      )}
    </NavLink>
  );
}

/** The signed-in frame: menu of SPEC §2, team slot, language, footer with policy links and log out. */
export function MainLayout({ teamSwitcher }: { teamSwitcher?: ReactNode }) {
  const { t } = useTranslation('shell');
  const profile = useAtomValue(profileAtom);
  const actions = useSessionActions();
  const navigate = useNavigate();
  const logout = async () => {
    await actions.logout();
    navigate(paths.login(), { replace: true });
  };
  const main: MenuItem[] = [
    { to: paths.avatars(), label: t('menu.avatars'), icon: 'avatar' },
    { to: paths.videos(), label: t('menu.videos'), icon: 'video' },
    { to: paths.voices(), label: t('menu.voices'), icon: 'mic' },
  ];
  const settings: MenuItem[] = [
    { to: paths.profile(), label: t('menu.profile') },
    { to: paths.subscription(), label: t('menu.subscription') },
    { to: paths.apiKey(), label: t('menu.apiKey') },
    { to: paths.history(), label: t('menu.history') },
    { to: paths.billing(), label: t('menu.billing') },
  ];
  return (
    <Flex minH="100vh" direction={{ base: 'column', md: 'row' }}>
      <Flex
        as="nav"
        aria-label={t('menu.label')}
        direction="column"
        w={{ base: '100%', md: '240px' }}
        bg="white"
        borderRightWidth="1px"
        p="4"
        gap="4"
      >
        <Heading size="lg" color="brand.700" px="3">
          <NavLink to={paths.home()}>{t('brand')}</NavLink>
        </Heading>
        <Stack gap="1">
          {main.map((item) => (
            <MenuLink key={item.to} {...item} />
          ))}
        </Stack>
        <Stack gap="1">
          <HStack px="3" color="gray.500" fontSize="sm">
            <Icon name="settings" size="xs" />
            <Text>{t('menu.settings')}</Text>
          </HStack>
          {settings.map((item) => (
            <MenuLink key={item.to} {...item} />
          ))}
        </Stack>
        <Stack gap="2" mt="auto" fontSize="sm" px="3">
          <Link href={paths.privacyPolicy()} target="_blank" color="gray.600">
            {t('footer.privacyPolicy')}
          </Link>
          <Link href={paths.termsOfUse()} target="_blank" color="gray.600">
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
