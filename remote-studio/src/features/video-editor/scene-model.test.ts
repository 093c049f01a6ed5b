import { movedIndex, moveScene } from './scene-model';

test('the chosen scene stays chosen when any scene moves', () => {
  const scenes = ['a', 'b', 'c', 'd'];
  for (let from = 0; from < scenes.length; from++) {
    for (let to = 0; to < scenes.length; to++) {
      const moved = moveScene(scenes, from, to);
      scenes.forEach((scene, index) => expect(moved[movedIndex(index, from, to)]).toBe(scene));
    }
  }
});
