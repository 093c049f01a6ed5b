import { movedIndex, moveScene, newScene, sceneSeconds, videoSeconds, type EditorVideo, type SceneDraft } from './scene-model';

test('the chosen scene stays chosen when any scene moves', () => {
  const scenes = ['a', 'b', 'c', 'd'];
  for (let from = 0; from < scenes.length; from++) {
    for (let to = 0; to < scenes.length; to++) {
      const moved = moveScene(scenes, from, to);
      scenes.forEach((scene, index) => expect(moved[movedIndex(index, from, to)]).toBe(scene));
    }
  }
});

test("the video's length counts the brand's intro and outro only where the API plays them", () => {
  const scene = { ...newScene('avatar-1', 'en'), script: 'One sentence to say here.' };
  const spoken = sceneSeconds(scene);
  const video = (scenes: SceneDraft[], brand = true): EditorVideo => ({
    name: 'Tour',
    aspectRatio: '16:9',
    resolution: '720p',
    brand,
    scenes,
  });
  const logo = { type: 'image' as const, uploadId: 'logo', x: 0.86, y: 0.05, width: 0.1, entrance: 'none' as const };
  // Two scenes, the second fading in over the first's last half second, between a 3 s intro and a 2 s outro.
  expect(videoSeconds(video([scene, scene]), 5)).toBeCloseTo(5 + spoken * 2 - 0.5);
  // Made without the brand: no clips.
  expect(videoSeconds(video([scene, scene], false), 5)).toBeCloseTo(spoken * 2 - 0.5);
  // One presenter scene with nothing over it is made in the single form, without clips; a logo over it makes it a scene.
  expect(videoSeconds(video([scene]), 5)).toBeCloseTo(spoken);
  expect(videoSeconds(video([{ ...scene, elements: [logo] }]), 5)).toBeCloseTo(5 + spoken);
  // A voice-over is always a video of scenes.
  expect(videoSeconds(video([{ ...scene, avatarId: null }]), 5)).toBeCloseTo(5 + spoken);
});
