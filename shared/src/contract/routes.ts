import type { RemoteKey } from './remotes';

export type Layout = 'main' | 'auth' | 'blank';
/** public: signed-out pages; onboarding: signed in, profile or team still missing; app: everything else. */
export type Access = 'public' | 'onboarding' | 'app';

export type ScreenName =
  | 'Home'
  | 'Avatars'
  | 'AvatarsNew'
  | 'Videos'
  | 'VideosNew'
  | 'VideosProcessing'
  | 'Voices'
  | 'Profile'
  | 'Subscription'
  | 'APIKey'
  | 'ContactSales'
  | 'History'
  | 'Billing'
  | 'UserProfile'
  | 'UserTeam'
  | 'Login'
  | 'Signup'
  | 'ForgotPassword'
  | 'ResetPassword';

export type RouteEntry = {
  path: string;
  screen: ScreenName;
  layout: Layout;
  access: Access;
  remote: RemoteKey;
  /** The exposed module, `./<module>` in the remote's exposes map. */
  module: ScreenName;
};

const main = (path: string, screen: ScreenName, remote: RemoteKey): RouteEntry => ({
  path,
  screen,
  layout: 'main',
  access: 'app',
  remote,
  module: screen,
});

/** SPEC §2: every path of the product, which layout frames it, who may see it and which remote renders it. */
export const ROUTES: readonly RouteEntry[] = [
  main('/', 'Home', 'studio'),
  main('/avatars', 'Avatars', 'studio'),
  main('/avatars/new', 'AvatarsNew', 'studio'),
  main('/videos', 'Videos', 'studio'),
  main('/videos/new/:avatarId', 'VideosNew', 'studio'),
  main('/videos/processing', 'VideosProcessing', 'studio'),
  main('/voices', 'Voices', 'studio'),
  main('/profile', 'Profile', 'account'),
  main('/api-key', 'APIKey', 'account'),
  main('/subscription', 'Subscription', 'billing'),
  main('/contact-sales', 'ContactSales', 'billing'),
  main('/history', 'History', 'billing'),
  main('/billing', 'Billing', 'billing'),
  { path: '/user-profile', screen: 'UserProfile', layout: 'auth', access: 'onboarding', remote: 'auth', module: 'UserProfile' },
  { path: '/user-team', screen: 'UserTeam', layout: 'auth', access: 'onboarding', remote: 'auth', module: 'UserTeam' },
  { path: '/login', screen: 'Login', layout: 'auth', access: 'public', remote: 'auth', module: 'Login' },
  { path: '/signup', screen: 'Signup', layout: 'blank', access: 'public', remote: 'auth', module: 'Signup' },
  { path: '/forgot-password', screen: 'ForgotPassword', layout: 'blank', access: 'public', remote: 'auth', module: 'ForgotPassword' },
  { path: '/reset-password', screen: 'ResetPassword', layout: 'blank', access: 'public', remote: 'auth', module: 'ResetPassword' },
];

/** Paths that only redirect (SPEC §2 "Redirects"). */
export const REDIRECT_PATHS = { join: '/join', subscribeNow: '/subscribe-now' } as const;

export const paths = {
  home: () => '/',
  avatars: () => '/avatars',
  avatarsNew: () => '/avatars/new',
  videos: () => '/videos',
  videosNew: (avatarId: string) => `/videos/new/${encodeURIComponent(avatarId)}`,
  videosProcessing: () => '/videos/processing',
  voices: () => '/voices',
  profile: () => '/profile',
  apiKey: () => '/api-key',
  subscription: () => '/subscription',
  contactSales: () => '/contact-sales',
  history: () => '/history',
  billing: () => '/billing',
  userProfile: () => '/user-profile',
  userTeam: () => '/user-team',
  login: () => '/login',
  signup: () => '/signup',
  forgotPassword: () => '/forgot-password',
  resetPassword: () => '/reset-password',
  join: (code: string) => `/join?code=${encodeURIComponent(code)}`,
  privacyPolicy: () => '/privacy-policy.html',
  termsOfUse: () => '/terms-of-use.html',
} as const;

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  return a.length === b.length && a.every((part, i) => part.startsWith(':') || part === b[i]);
}

export function findRoute(pathname: string): RouteEntry | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTES.find((route) => matches(route.path, clean));
}
