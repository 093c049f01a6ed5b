import { findRoute, paths, type RouteEntry } from '@kagami/shared/contract';
import type { IconName } from '@kagami/shared/ui';

/** `alsoActiveOn`: other paths that show this item's screen (Home shows the avatars list). */
export type MenuItem = { to: string; labelKey: string; icon?: IconName; alsoActiveOn?: string[] };

/** SPEC §2 "Menu": the main items, then Settings. */
export const MENU = {
  main: [
    { to: paths.avatars(), labelKey: 'menu.avatars', icon: 'avatar', alsoActiveOn: [paths.home()] },
    { to: paths.videos(), labelKey: 'menu.videos', icon: 'video' },
    { to: paths.voices(), labelKey: 'menu.voices', icon: 'mic' },
    { to: paths.brandKit(), labelKey: 'menu.brandKit', icon: 'palette' },
    { to: paths.templates(), labelKey: 'menu.templates', icon: 'copy' },
  ],
  settings: [
    { to: paths.profile(), labelKey: 'menu.profile' },
    { to: paths.subscription(), labelKey: 'menu.subscription' },
    { to: paths.apiKey(), labelKey: 'menu.apiKey' },
    { to: paths.history(), labelKey: 'menu.history' },
    { to: paths.billing(), labelKey: 'menu.billing' },
  ],
} satisfies Record<string, MenuItem[]>;

/** The screens the menu opens, for preloading. */
export const MENU_ROUTES: RouteEntry[] = [...MENU.main, ...MENU.settings].map((item) => findRoute(item.to)!);
