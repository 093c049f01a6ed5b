import { findRoute, routePattern } from './routes';

test('a path finds its screen: a parameter is one segment, and repeated or trailing slashes do not matter', () => {
  expect(findRoute('/')?.screen).toBe('Home');
  expect(findRoute('/videos')?.screen).toBe('Videos');
  expect(findRoute('/videos/new/av-1')?.screen).toBe('VideosNew');
  expect(findRoute('/videos/new/av-1/')?.screen).toBe('VideosNew');
  expect(findRoute('//videos//processing')?.screen).toBe('VideosProcessing');
  expect(findRoute('/videos/new')).toBeUndefined();
  expect(findRoute('/videos/new/av-1/more')).toBeUndefined();
  expect(findRoute('/nowhere')).toBeUndefined();
});

test("a route's pattern is written as the shell page's server reads it, and matches its literal segments only as written", () => {
  expect(routePattern('/videos/new/:avatarId')).toBe('^/+videos/+new/+[^/]+/*$');
  const pattern = new RegExp(routePattern('/terms.html'));
  expect(pattern.test('/terms.html')).toBe(true);
  expect(pattern.test('/termsxhtml')).toBe(false);
});
