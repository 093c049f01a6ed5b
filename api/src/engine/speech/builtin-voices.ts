// The voices every team has: per content language a female and a male voice, more where an engine offers them.
// English speaks with Flite's clustergen voices (word error rate about 10 % against eSpeak's 90 % in
// `pnpm bench:voices`, so eSpeak's English is not offered); the other languages with eSpeak NG and its female and male
// variants.
import { CONTENT_LANGUAGES, type ContentLanguage } from '@kagami/shared/validation';
import type { Gender } from '../../config/providers';

export type SpeechEngineName = 'espeak' | 'flite';

export type BuiltinVoice = {
  /** `builtin-<language>-<name>`, what `voice_id` names it by. */
  id: string;
  name: string;
  language: ContentLanguage;
  gender: Gender;
  engine: SpeechEngineName;
  /** The engine's own name of the voice. */
  engineVoice: string;
  /** The accent, when the language has several. */
  accent?: string;
};

/** eSpeak NG voices for the 13 content languages of SPEC §1. */
export const ESPEAK_VOICES: Record<ContentLanguage, string> = {
  en: 'gmw/en-US',
  zh: 'sit/cmn',
  ja: 'jpx/ja',
  de: 'gmw/de',
  fr: 'roa/fr',
  es: 'roa/es',
  ko: 'ko',
  ar: 'sem/ar',
  ru: 'zle/ru',
  nl: 'gmw/nl',
  it: 'roa/it',
  pl: 'zlw/pl',
  pt: 'roa/pt-BR',
};

/** eSpeak's variant that raises its voice to a woman's pitch and formants (f3: about 210 Hz against 105). */
const ESPEAK_FEMALE = '+f3';

/** A name of each gender per language, familiar to its speakers. */
const NAMES: Record<ContentLanguage, Record<Gender, string>> = {
  en: { female: 'Emma', male: 'James' },
  zh: { female: 'Li Na', male: 'Wang Wei' },
  ja: { female: 'Haruka', male: 'Takumi' },
  de: { female: 'Anna', male: 'Lukas' },
  fr: { female: 'Camille', male: 'Louis' },
  es: { female: 'Lucía', male: 'Mateo' },
  ko: { female: 'Seo-yeon', male: 'Min-jun' },
  ar: { female: 'Layla', male: 'Omar' },
  ru: { female: 'Anastasia', male: 'Dmitri' },
  nl: { female: 'Sanne', male: 'Daan' },
  it: { female: 'Giulia', male: 'Marco' },
  pl: { female: 'Zofia', male: 'Jakub' },
  pt: { female: 'Ana', male: 'João' },
};

const espeakVoice = (language: ContentLanguage, gender: Gender, name: string): BuiltinVoice => ({
  id: `builtin-${language}-${name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '')}`,
  name,
  language,
  gender,
  engine: 'espeak',
  engineVoice: ESPEAK_VOICES[language] + (gender === 'female' ? ESPEAK_FEMALE : ''),
});

const fliteVoice = (gender: Gender, name: string, engineVoice: string, accent?: string): BuiltinVoice => ({
  id: `builtin-en-${name.toLowerCase()}`,
  name,
  language: 'en',
  gender,
  engine: 'flite',
  engineVoice,
  ...(accent ? { accent } : {}),
});

/** Every built-in voice, each language's female voice first, then its male one (the defaults), then the others. */
export const BUILTIN_VOICES: readonly BuiltinVoice[] = CONTENT_LANGUAGES.flatMap((language) =>
  language === 'en'
    ? [
        fliteVoice('female', NAMES.en.female, 'slt'),
        fliteVoice('male', NAMES.en.male, 'rms'),
        fliteVoice('male', 'Alan', 'awb', 'scottish'),
      ]
    : [espeakVoice(language, 'female', NAMES[language].female), espeakVoice(language, 'male', NAMES[language].male)],
);

const BY_ID = new Map(BUILTIN_VOICES.map((voice) => [voice.id, voice]));

/** The built-in voice a `voice_id` names: its id, or `builtin-<language>` (the id before the library) for the language's default. */
export function builtinVoice(id: string): BuiltinVoice | undefined {
  const legacy = /^builtin-([a-z]{2})$/.exec(id);
  if (legacy)
    return (CONTENT_LANGUAGES as readonly string[]).includes(legacy[1]!) ? defaultBuiltinVoice(legacy[1] as ContentLanguage) : undefined;
  return BY_ID.get(id);
}

export const isBuiltinVoiceId = (id: string) => id.startsWith('builtin-');

/** The language's voice of the gender asked for (an avatar's face), its female voice when nothing is known. */
export function defaultBuiltinVoice(language: ContentLanguage, gender?: Gender | null): BuiltinVoice {
  const ofLanguage = BUILTIN_VOICES.filter((voice) => voice.language === language);
  return ofLanguage.find((voice) => voice.gender === (gender ?? 'female')) ?? ofLanguage[0]!;
}

/** Between men's speaking pitch (about 85-155 Hz) and women's (about 165-255 Hz). */
const GENDER_PITCH_HZ = 160;

/** The gender a voice's measured median pitch suggests; null when it was not measured. */
export const genderOfPitch = (medianPitchHz: number | null): Gender | null =>
  medianPitchHz === null ? null : medianPitchHz >= GENDER_PITCH_HZ ? 'female' : 'male';
