// jest's order of suites, with one addition. jest starts the suites that took longest last time first; on a checkout it
// has no timings for (CI's clean clone) it goes by file size, and then the media suites, small files that run for
// minutes, can start last and leave one worker finishing alone while the other core idles. With no timings, these
// start first, longest first (as measured in full runs with two workers).
const Sequencer = require('@jest/test-sequencer').default;

const SLOWEST = [
  'api/test/studio.test.ts',
  'api/test/media/local-engine.test.ts',
  'api/test/face/talking-face.test.ts',
  'api/test/consent.test.ts',
  'api/test/face/photo-avatar.test.ts',
  'api/test/media/compose.test.ts',
  'api/test/avatar-progress.test.ts',
  'api/test/face/inner-mouth-footage.test.ts',
  'api/test/media/segments.test.ts',
  'api/test/parallel-render.test.ts',
  'api/test/worker-crash.test.ts',
  'api/test/video-parts.test.ts',
  'api/test/storage/s3-journeys.test.ts',
];

const rankOf = (test) => {
  const path = test.path.split('\\').join('/');
  const rank = SLOWEST.findIndex((suffix) => path.endsWith(`/${suffix}`));
  return rank === -1 ? SLOWEST.length : rank;
};

class SlowestFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    if (sorted.some((test) => test.duration != null)) return sorted;
    // Array sort is stable: the rest keep jest's order.
    return sorted.sort((a, b) => rankOf(a) - rankOf(b));
  }
}

module.exports = SlowestFirst;
