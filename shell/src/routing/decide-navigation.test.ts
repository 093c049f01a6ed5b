import { decideNavigation, type Decision, type GuardState } from './decide-navigation';

const team = { id: 't1', name: 'Team', role: 'owner' as const };
const anonymous: GuardState = { signedIn: false, profile: null, intendedDestination: null };
const noName: GuardState = { signedIn: true, profile: { name: null, teams: [], currentTeam: null }, intendedDestination: null };
const nameOnly: GuardState = { signedIn: true, profile: { name: 'Aiko', teams: [], currentTeam: null }, intendedDestination: null };
const complete: GuardState = { signedIn: true, profile: { name: 'Aiko', teams: [team], currentTeam: team }, intendedDestination: null };
const withDestination: GuardState = { ...complete, intendedDestination: '/subscription' };

type Row = [rule: string, state: GuardState, url: string, isFirst: boolean, expected: Decision];

const rows: Row[] = [
  // Redirects
  ['/join stores the code and goes Home', anonymous, '/join?code=abc', false, { storeInvitationCode: 'abc', redirect: '/' }],
  ['/join stores the code for a signed-in user too', complete, '/join?code=abc', true, { storeInvitationCode: 'abc', redirect: '/' }],
  ['/join without a code just goes Home', complete, '/join', false, { redirect: '/' }],
  ['/signup?code= stores the code and stays', anonymous, '/signup?code=xyz', true, { storeInvitationCode: 'xyz' }],
  [
    '/subscribe-now remembers Subscription and goes Home',
    complete,
    '/subscribe-now',
    false,
    { rememberDestination: '/subscription', redirect: '/' },
  ],
  ['unknown path goes Home', complete, '/no/such/page', false, { redirect: '/' }],
  ['unknown path goes Home, signed out too', anonymous, '/nope', true, { redirect: '/' }],
  // First navigation
  ['first: not verified -> Login at once', anonymous, '/', true, { redirect: '/login' }],
  ['first: not verified, deep link remembered', anonymous, '/voices', true, { redirect: '/login', rememberDestination: '/voices' }],
  ['first: not verified on a public page stays', anonymous, '/forgot-password', true, {}],
  ['first: complete profile stays on an app page', complete, '/videos', true, {}],
  ['first: complete profile kept off Login', complete, '/login', true, { redirect: '/' }],
  ['first: complete profile kept off Signup', complete, '/signup', true, { redirect: '/' }],
  ['first: complete profile kept off ForgotPassword', complete, '/forgot-password', true, { redirect: '/' }],
  ['first: complete profile kept off ResetPassword', complete, '/reset-password?token=t', true, { redirect: '/' }],
  ['first: complete profile kept off onboarding', complete, '/user-profile', true, { redirect: '/' }],
  ['first: remembered destination wins, then cleared', withDestination, '/', true, { redirect: '/subscription', clearDestination: true }],
  ['arriving at the destination clears it', withDestination, '/subscription', false, { clearDestination: true }],
  ['first: name only -> UserTeam', nameOnly, '/', true, { redirect: '/user-team' }],
  ['first: name only, already on UserTeam', nameOnly, '/user-team', true, {}],
  ['first: no name -> UserProfile', noName, '/', true, { redirect: '/user-profile' }],
  ['first: no name, already on UserProfile', noName, '/user-profile', true, {}],
  ['no name on a public page -> UserProfile', noName, '/login', false, { redirect: '/user-profile' }],
  [
    'empty profile (failed load) -> UserProfile',
    { signedIn: true, profile: null, intendedDestination: null },
    '/',
    true,
    { redirect: '/user-profile' },
  ],
  // Later navigations
  [
    'later: signed out -> Login after 100 ms',
    anonymous,
    '/profile',
    false,
    { redirect: '/login', delayMs: 100, rememberDestination: '/profile' },
  ],
  ['later: signed out on Home -> Login after 100 ms', anonymous, '/', false, { redirect: '/login', delayMs: 100 }],
  ['later: signed out on onboarding -> Login after 100 ms', anonymous, '/user-team', false, { redirect: '/login', delayMs: 100 }],
  ['later: signed out on Login stays', anonymous, '/login', false, {}],
  ['later: signed out on Signup stays', anonymous, '/signup', false, {}],
  ['later: signed out on ResetPassword stays', anonymous, '/reset-password', false, {}],
  ['later: signed in opening a public page -> Home', complete, '/login', false, { redirect: '/' }],
  ['later: signed in on an app page stays', complete, '/videos/new/abc', false, {}],
  ['later: trailing slash still matches', complete, '/voices/', false, {}],
];

test.each(rows)('%s', (_rule, state, url, isFirst, expected) => {
  const parsed = new URL(url, 'http://x');
  expect(decideNavigation(state, { pathname: parsed.pathname, search: parsed.search }, isFirst)).toEqual(expected);
});
