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
  | 'BrandKit'
  | 'Templates'
  | 'TemplateVideo'
  | 'BatchNew'
  | 'Batch'
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

const entry = (path: string, screen: ScreenName, layout: Layout, access: Access, remote: RemoteKey): RouteEntry => ({
  path,
  screen,
  layout,
  access,
  remote,
  module: screen,
});
const main = (path: string, screen: ScreenName, remote: RemoteKey) => entry(path, screen, 'main', 'app', remote);

/** SPEC §2: every path of the product, which layout frames it, who may see it and which remote renders it. */
export const ROUTES: readonly RouteEntry[] = [
  main('/', 'Home', 'studio'),
  main('/avatars', 'Avatars', 'studio'),
  main('/avatars/new', 'AvatarsNew', 'studio'),
  main('/videos', 'Videos', 'studio'),
  main('/videos/new/:avatarId', 'VideosNew', 'studio'),
  main('/videos/processing', 'VideosProcessing', 'studio'),
  main('/voices', 'Voices', 'studio'),
  main('/brand-kit', 'BrandKit', 'studio'),
  main('/templates', 'Templates', 'studio'),
  main('/templates/:templateId', 'TemplateVideo', 'studio'),
  main('/templates/:templateId/batch', 'BatchNew', 'studio'),
  main('/batches/:batchId', 'Batch', 'studio'),
  main('/profile', 'Profile', 'account'),
  main('/api-key', 'APIKey', 'account'),
  main('/subscription', 'Subscription', 'billing'),
  main('/contact-sales', 'ContactSales', 'billing'),
  main('/history', 'History', 'billing'),
  main('/billing', 'Billing', 'billing'),
  entry('/user-profile', 'UserProfile', 'auth', 'onboarding', 'auth'),
  entry('/user-team', 'UserTeam', 'auth', 'onboarding', 'auth'),
  entry('/login', 'Login', 'auth', 'public', 'auth'),
  entry('/signup', 'Signup', 'blank', 'public', 'auth'),
  entry('/forgot-password', 'ForgotPassword', 'blank', 'public', 'auth'),
  entry('/reset-password', 'ResetPassword', 'blank', 'public', 'auth'),
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
  brandKit: () => '/brand-kit',
  templates: () => '/templates',
  /** A video made from a template: a field per variable. */
  templateVideo: (templateId: string) => `/templates/${encodeURIComponent(templateId)}`,
  /** A batch of a template's videos, started from a CSV. */
  batchNew: (templateId: string) => `/templates/${encodeURIComponent(templateId)}/batch`,
  batch: (batchId: string) => `/batches/${encodeURIComponent(batchId)}`,
  profile: () => '/profile',
  apiKey: () => '/api-key',
  subscription: () => '/subscription',
  /** The Subscription screen with the API plans shown (the app plans otherwise). */
  apiPlans: () => '/subscription?plans=api',
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
  privacyPolicy: (language: 'en' | 'ja' = 'en') => (language === 'ja' ? '/ja/privacy-policy.html' : '/privacy-policy.html'),
  termsOfUse: (language: 'en' | 'ja' = 'en') => (language === 'ja' ? '/ja/terms-of-use.html' : '/terms-of-use.html'),
} as const;

/**
 * The regular expression (as source) of the paths a route's path stands for: each `:name` is one segment, and
 * repeated or trailing slashes are allowed. The shell page's server reads it from the build (first-screens.json),
 * so the app and the server decide by one rule which screen a path is.
 */
export function routePattern(path: string): string {
  const segments = path.split('/').filter(Boolean);
  const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `^${segments.map((part) => `/+${part.startsWith(':') ? '[^/]+' : escape(part)}`).join('')}/*$`;
}

const ROUTE_PATTERNS = ROUTES.map((route) => ({ route, pattern: new RegExp(routePattern(route.path)) }));

export function findRoute(pathname: string): RouteEntry | undefined {
  return ROUTE_PATTERNS.find(({ pattern }) => pattern.test(pathname))?.route;
}
