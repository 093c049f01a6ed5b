// What a measuring script must undo however it ends (servers, browsers, scratch folders): pushed as it is made,
// undone last first by `cleanUp()`, on Ctrl-C and SIGTERM too.

/** @type {Array<() => Promise<unknown>>} */
export const cleanups = [];

export async function cleanUp() {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch(() => undefined);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanUp().then(() => process.exit(130)));
