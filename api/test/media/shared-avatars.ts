// Processed avatars shared across suites. Making an avatar from footage or a photo (tracking, matting) is the most
// expensive fixture of the API's tests, and several suites make one from the same file. `shareProcessedAvatars()`
// makes the suite's engine keep what it makes under the source's bytes (and the engine's own code), in a folder every
// jest worker sees; a suite that makes an avatar from the same bytes later gets copies of those files and the same
// answer, as the engine gave them. The first maker is always the real engine; nothing is made up.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { AvatarFiles, AvatarOutput } from '../../src/engine/generation-engine';
import { LocalEngine } from '../../src/engine/local/local-engine';

const SOURCES = [join(__dirname, '../../src/engine'), join(__dirname, '../../src/media'), join(__dirname, '../../../pnpm-lock.yaml')];
const FILES = ['preview', 'clip', 'loop', 'mouth', 'matte'] as const satisfies readonly (keyof AvatarFiles)[];

/** A hash of the engine's code and the locked packages: an avatar kept by other code is never reused. */
function codeVersion() {
  const hash = createHash('sha256');
  const add = (path: string) => {
    if (statSync(path).isDirectory()) for (const name of readdirSync(path).sort()) add(join(path, name));
    else hash.update(relative(__dirname, path)).update(readFileSync(path));
  };
  SOURCES.forEach(add);
  return hash.digest('hex').slice(0, 16);
}

type Kept = Omit<AvatarOutput, (typeof FILES)[number]> & { files: (typeof FILES)[number][] };

export function shareProcessedAvatars() {
  const root = join(tmpdir(), `kagami-test-avatars-${codeVersion()}`);
  const make = LocalEngine.prototype.processAvatar;
  LocalEngine.prototype.processAvatar = async function (source, outputs, onProgress) {
    const key = createHash('sha256').update(source.kind).update(readFileSync(source.file)).digest('hex');
    const folder = join(root, key);
    if (existsSync(join(folder, 'output.json'))) {
      const kept = JSON.parse(readFileSync(join(folder, 'output.json'), 'utf8')) as Kept;
      for (const file of kept.files) copyFileSync(join(folder, file), outputs[file]);
      const { files, ...rest } = kept;
      return { ...rest, ...Object.fromEntries(FILES.map((file) => [file, files.includes(file) ? outputs[file] : null])) } as AvatarOutput;
    }
    const made = await make.call(this, source, outputs, onProgress);
    // Written aside and renamed: a suite reading it meanwhile (another worker) sees all of it or none.
    const aside = `${folder}.${process.pid}`;
    mkdirSync(aside, { recursive: true });
    const files = FILES.filter((file) => made[file] && existsSync(made[file]));
    for (const file of files) copyFileSync(made[file]!, join(aside, file));
    const rest = Object.fromEntries(Object.entries(made).filter(([name]) => !(FILES as readonly string[]).includes(name)));
    writeFileSync(join(aside, 'output.json'), JSON.stringify({ ...rest, files }));
    try {
      renameSync(aside, folder);
    } catch {
      rmSync(aside, { recursive: true, force: true });
    }
    return made;
  };
}
