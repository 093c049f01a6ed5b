import { findRoute, paths, routePattern } from './routes';

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

test('templates and batches: the list, a template video, a batch of a template, a batch', () => {
  expect(findRoute(paths.templates())?.screen).toBe('Templates');
  expect(findRoute(paths.templateVideo('t-1'))?.screen).toBe('TemplateVideo');
  expect(findRoute(paths.batchNew('t-1'))?.screen).toBe('BatchNew');
  expect(findRoute(paths.batch('b-1'))?.screen).toBe('Batch');
  expect(paths.batchNew('t 1')).toBe('/templates/t%201/batch');
  expect(findRoute('/templates/t-1/batch/more')).toBeUndefined();
  expect(findRoute('/batches')).toBeUndefined();
});

test("a route's pattern is written as the shell page's server reads it, and matches its literal segments only as written", () => {
  expect(routePattern('/videos/new/:avatarId')).toBe('^/+videos/+new/+[^/]+/*$');
  const pattern = new RegExp(routePattern('/terms.html'));
  expect(pattern.test('/terms.html')).toBe(true);
  expect(pattern.test('/termsxhtml')).toBe(false);
});
