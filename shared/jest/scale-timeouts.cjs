// A test's explicit timeout guards against a hang, and was sized on the machine it was written on. TEST_TIMEOUT_SCALE
// (CI sets it: its two-core hosts vary about twofold in speed, and run two test files at once) stretches each of them
// by the same factor as jest.config.cjs stretches the default. Timeouts are never a measure of speed here; the
// benchmarks are.
const scale = Number(process.env.TEST_TIMEOUT_SCALE ?? 1);

if (scale > 0 && scale !== 1) {
  for (const name of ['test', 'it', 'beforeAll', 'afterAll', 'beforeEach', 'afterEach']) {
    const original = global[name];
    const scaled = (...args) => {
      const at = args.findIndex((arg, index) => index > 0 && typeof arg === 'number');
      if (at >= 0) args[at] *= scale;
      return original(...args);
    };
    global[name] = Object.assign(scaled, original);
  }
}
