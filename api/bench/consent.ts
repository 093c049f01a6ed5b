// `pnpm bench:consent`: how well the consent clip's one-time code is heard, and how long a clip's checks take.
// 1. Random codes read in the English phrase by eSpeak's default voice and Flite's male voice: how many PocketSphinx
//    (held to the phrase's grammar) hears, and whether a wrong code would ever have matched.
// 2. A talking clip of the phrase (a photo avatar of one of face-api's demo faces, rendered speaking it by the local
//    engine) checked against the same photo and another person's: the verdicts and their measures, and the seconds.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalEngine } from '../src/engine/local/local-engine';
import { BUILTIN_VOICES } from '../src/engine/speech/builtin-voices';
import { checkConsentClip } from '../src/engine/consent/consent-clip';
import { heardCode, pocketSphinx } from '../src/engine/consent/recogniser';
import { consentPhrase, ENGLISH_PHRASE_WORDS, newCode } from '../src/domains/consent/phrase';
import { runFfmpeg } from '../src/media/tools';
import { avatarOutputs, faceClip, facePhoto, FACE_PHOTO, MAN_PORTRAIT, ONE_FACE } from '../test/media/fixtures';

const CODES_PER_VOICE = 30;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'kagami-bench-consent-'));
  const engine = new LocalEngine();
  try {
    const flite = BUILTIN_VOICES.find((v) => v.language === 'en' && v.engine === 'flite' && v.gender === 'male')!;
    const voices = [
      { name: "eSpeak's default", voice: undefined },
      { name: `Flite ${flite.name}`, voice: { builtin: flite } },
    ];
    for (const { name, voice } of voices) {
      let heard = 0;
      let wrongMatched = 0;
      const started = Date.now();
      for (let i = 0; i < CODES_PER_VOICE; i += 1) {
        const code = newCode();
        const raw = join(dir, 'raw.wav');
        const wav = join(dir, 'phrase.wav');
        writeFileSync(raw, (await engine.synthesizeSpeech(consentPhrase('en', 'Ada Lovelace', code), 'en', voice)).wav);
        await runFfmpeg(['-y', '-i', raw, '-ar', '16000', '-ac', '1', wav]);
        const transcript = (await pocketSphinx.transcribe(wav, ENGLISH_PHRASE_WORDS)) ?? '';
        if (heardCode(transcript, code)) heard += 1;
        else console.log(`  ${name}: ${code} heard as "${transcript.split(' is ').pop()}"`);
        const other = newCode();
        if (other !== code && heardCode(transcript, other)) wrongMatched += 1;
      }
      const each = (Date.now() - started) / 1000 / CODES_PER_VOICE;
      console.log(`${name}: code heard in ${heard} of ${CODES_PER_VOICE}; a wrong code matched ${wrongMatched}; ${each.toFixed(2)} s each`);
    }

    const code = newCode();
    const speech = await engine.synthesizeSpeech(consentPhrase('en', 'Ada Lovelace', code), 'en');
    const wav = join(dir, 'speech.wav');
    writeFileSync(wav, speech.wav);
    const photo = await facePhoto(dir, { photo: FACE_PHOTO, crop: ONE_FACE }, 'woman.jpg');
    const man = await facePhoto(dir, MAN_PORTRAIT, 'man.jpg');
    const avatar = await engine.processAvatar({ file: photo, kind: 'photo' }, avatarOutputs(dir, 'woman'));
    const talking = join(dir, 'talking.mp4');
    await engine.renderVideo({
      loop: avatar.loop,
      mouth: avatar.mouth,
      photo,
      audio: wav,
      phonemes: speech.phonemes,
      output: talking,
      watermark: false,
      localOnly: true,
    });
    const still = await faceClip(dir, wav, speech.durationSeconds + 0.5);
    const cases = [
      ['talking clip, same photo', talking, photo],
      ['talking clip, another person', talking, man],
      ['still photo with the speech', still, photo],
    ] as const;
    for (const [label, clip, reference] of cases) {
      const started = Date.now();
      const verdict = await checkConsentClip(
        { clip, reference: { file: reference, kind: 'photo' }, language: 'en', code, phraseWords: ENGLISH_PHRASE_WORDS },
        pocketSphinx,
      );
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `${label} (${speech.durationSeconds.toFixed(1)} s): ${verdict.ok ? `accepted ${JSON.stringify(verdict.measures)}` : `${verdict.reason} (${verdict.detail})`} in ${seconds} s`,
      );
    }
  } finally {
    engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
