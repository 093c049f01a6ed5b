// The video editor's drafts: saved and resumed by the team's members, kept as the editor gave them, listed last saved
// first with their number of scenes, out of reach of other teams, and refused when they are not an object or too large.
import { videoDrafts } from '../src/db/schema';
import { DRAFTS_MAX } from '../src/domains/studio/drafts';
import { build, call, onboardedUser, type TestApp } from './helper';

let t: TestApp;
const owner = { token: '', teamId: '' };
const other = { token: '', teamId: '' };

beforeAll(async () => {
  t = await build();
  Object.assign(owner, await onboardedUser(t.app, 'drafts@example.com', 'Drafts Team'));
  Object.assign(other, await onboardedUser(t.app, 'drafts-other@example.com', 'Other Team'));
}, 60_000);
afterAll(() => t.close());

const draftsUrl = (teamId = owner.teamId) => `/api/teams/${teamId}/video-drafts`;
const twoScenes = {
  name: 'Launch',
  aspect_ratio: '16:9',
  scenes: [
    { avatar_id: null, script: 'Welcome to Kagami.', background: { type: 'color', value: '#112233' } },
    { avatar_id: null, script: 'こんにちは', elements: [{ type: 'text', text: 'Hi', x: 0.1, y: 0.2 }] },
  ],
};

async function newDraft(name: string, body: Record<string, unknown>, who = owner) {
  const created = await call(t.app, { method: 'POST', url: draftsUrl(who.teamId), token: who.token, body: { name, body } });
  expect(created.status).toBe(201);
  return created.body as { id: string; name: string; body: unknown; scene_count: number; updated_at: string; created_at: string };
}

test('a draft is created, listed with its scene count, read back exactly, and saved again last saved first', async () => {
  const first = await newDraft('Launch video', twoScenes);
  expect(first).toMatchObject({ name: 'Launch video', body: twoScenes, scene_count: 2 });
  const second = await newDraft('Single take', { script: 'One scene only' });
  expect(second.scene_count).toBe(1);

  const listed = await call(t.app, { url: draftsUrl(), token: owner.token });
  expect(listed.status).toBe(200);
  expect(listed.body.data.map((d: { id: string }) => d.id)).toEqual([second.id, first.id]);
  expect(listed.body.data[1]).toEqual({
    id: first.id,
    name: 'Launch video',
    scene_count: 2,
    updated_at: first.updated_at,
    created_at: first.created_at,
  });

  const read = await call(t.app, { url: `${draftsUrl()}/${first.id}`, token: owner.token });
  expect(read.status).toBe(200);
  expect(read.body.body).toEqual(twoScenes);

  await new Promise((resolve) => setTimeout(resolve, 10));
  const threeScenes = { ...twoScenes, scenes: [...twoScenes.scenes, { avatar_id: null, script: 'Goodbye.' }] };
  const saved = await call(t.app, {
    method: 'PUT',
    url: `${draftsUrl()}/${first.id}`,
    token: owner.token,
    body: { name: 'Launch video v2', body: threeScenes },
  });
  expect(saved.status).toBe(200);
  expect(saved.body).toMatchObject({
    id: first.id,
    name: 'Launch video v2',
    body: threeScenes,
    scene_count: 3,
    created_at: first.created_at,
  });
  expect(Date.parse(saved.body.updated_at)).toBeGreaterThan(Date.parse(first.updated_at));

  const relisted = await call(t.app, { url: draftsUrl(), token: owner.token });
  expect(relisted.body.data[0]).toMatchObject({ id: first.id, name: 'Launch video v2', scene_count: 3 });
  expect((await call(t.app, { url: `${draftsUrl()}/${first.id}`, token: owner.token })).body.body).toEqual(threeScenes);
});

test("another team neither sees nor reaches the team's draft", async () => {
  const draft = await newDraft('Private', twoScenes);
  const url = `${draftsUrl(other.teamId)}/${draft.id}`;
  expect((await call(t.app, { url, token: other.token })).body.code).toBe('not_found');
  const put = await call(t.app, { method: 'PUT', url, token: other.token, body: { name: 'Taken', body: {} } });
  expect([put.status, put.body.code]).toEqual([404, 'not_found']);
  expect((await call(t.app, { method: 'DELETE', url, token: other.token })).status).toBe(404);
  expect((await call(t.app, { url: draftsUrl(other.teamId), token: other.token })).body.data).toEqual([]);
  // Nor through its own team's path with the other team's session.
  expect((await call(t.app, { url: `${draftsUrl()}/${draft.id}`, token: other.token })).status).toBe(404);

  const kept = await call(t.app, { url: `${draftsUrl()}/${draft.id}`, token: owner.token });
  expect(kept.body).toMatchObject({ name: 'Private', body: twoScenes });
});

test.each([
  ['text', 'a script'],
  ['array', [twoScenes]],
  ['number', 3],
  ['null', null],
])('a body that is not an object (%s) is refused at the field', async (_kind, body) => {
  const refused = await call(t.app, { method: 'POST', url: draftsUrl(), token: owner.token, body: { name: 'Bad', body } });
  expect(refused.status).toBe(400);
  expect(refused.body.code).toBe('validation_failed');
  expect(refused.body.fields.body).toBeDefined();
});

test('a draft without a name is refused at the field', async () => {
  const refused = await call(t.app, { method: 'POST', url: draftsUrl(), token: owner.token, body: { name: ' ', body: {} } });
  expect([refused.status, Object.keys(refused.body.fields)]).toEqual([400, ['name']]);
});

test('a body over 256 KB is refused as draft_too_large, on create and on save', async () => {
  const large = { scenes: [{ script: 'x'.repeat(300 * 1024) }] };
  const created = await call(t.app, { method: 'POST', url: draftsUrl(), token: owner.token, body: { name: 'Huge', body: large } });
  expect([created.status, created.body.code]).toEqual([400, 'draft_too_large']);

  const draft = await newDraft('Growing', { scenes: [] });
  const saved = await call(t.app, {
    method: 'PUT',
    url: `${draftsUrl()}/${draft.id}`,
    token: owner.token,
    body: { name: 'Huge', body: large },
  });
  expect([saved.status, saved.body.code]).toEqual([400, 'draft_too_large']);
  expect((await call(t.app, { url: `${draftsUrl()}/${draft.id}`, token: owner.token })).body.body).toEqual({ scenes: [] });
});

test('a deleted draft is gone', async () => {
  const draft = await newDraft('Throwaway', twoScenes);
  const url = `${draftsUrl()}/${draft.id}`;
  expect((await call(t.app, { method: 'DELETE', url, token: owner.token })).status).toBe(204);
  expect((await call(t.app, { url, token: owner.token })).status).toBe(404);
  expect((await call(t.app, { method: 'DELETE', url, token: owner.token })).status).toBe(404);
  const listed = await call(t.app, { url: draftsUrl(), token: owner.token });
  expect(listed.body.data.map((d: { id: string }) => d.id)).not.toContain(draft.id);
});

test(`a team holds at most ${DRAFTS_MAX} drafts`, async () => {
  const { teamId, token } = await onboardedUser(t.app, 'drafts-full@example.com', 'Full Team');
  await t.database.db.insert(videoDrafts).values(Array.from({ length: DRAFTS_MAX }, (_, i) => ({ teamId, name: `Draft ${i}`, body: {} })));
  const refused = await call(t.app, { method: 'POST', url: draftsUrl(teamId), token, body: { name: 'One more', body: {} } });
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({ code: 'drafts_full', max: DRAFTS_MAX });
});
