// Items as the API sends them (snake_case), for component tests.
let next = 0;
const id = () => `00000000-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`;

type Fields = Record<string, unknown>;

export const avatarJson = (fields: Fields = {}) => {
  const avatarId = (fields.id as string) ?? id();
  return {
    id: avatarId,
    name: 'Aoki',
    language: 'en',
    status: 'ready',
    reason: null,
    preview: `/assets/data/avatar_output/${avatarId}.jpg`,
    default_voice_id: null,
    created_by: 'me',
    created_at: '2026-11-22T08:00:00Z',
    consent: { text: 'I, Aoki Hana', given_by: 'me', given_at: '2026-11-22T08:00:00Z' },
    ...fields,
  };
};

export const voiceJson = (fields: Fields = {}) => {
  const voiceId = (fields.id as string) ?? id();
  return {
    id: voiceId,
    name: 'Narrator',
    language: 'en',
    status: 'ready',
    reason: null,
    sample: `/assets/data/audio_output/${voiceId}.mp3`,
    cloned_by: null,
    created_by: 'me',
    created_at: '2026-11-22T08:00:00Z',
    ...fields,
  };
};

export const videoJson = (fields: Fields = {}) => {
  const videoId = (fields.id as string) ?? id();
  const ready = (fields.status ?? 'ready') === 'ready';
  return {
    id: videoId,
    name: 'Welcome',
    avatar_id: 'a1',
    voice_id: null,
    language: 'en',
    status: 'ready',
    reason: null,
    creator: 'Aoki Hana',
    created_by: 'me',
    duration_seconds: ready ? 12.4 : null,
    segments: null,
    subtitles: false,
    engine: ready ? 'local' : null,
    downloadable: ready,
    download: ready ? `/assets/data/video_output/${videoId}.mp4` : null,
    aspect_ratio: '16:9',
    resolution: '720p',
    background: null,
    placement: { position: 'full', scale: 1 },
    captions: { burn_in: false, style: null, srt: null, vtt: null },
    thumbnail: ready ? `/assets/data/video_output/${videoId}.jpg` : null,
    created_at: '2026-11-22T08:00:00Z',
    ...fields,
  };
};

export const page = (items: unknown[], total = items.length, pageNumber = 1) => ({ items, page: pageNumber, page_size: 12, total });

/** A reply for an asset: the API's redirect already followed, to a signed address. */
export const signedAsset = ({ url }: { url: URL }) => ({
  status: 200,
  url: `http://api.test/assets/signed${url.pathname.replace('/assets/data', '')}?sig=x`,
});

/** A server-sent `status` event. */
export const statusEvent = (kind: string, itemId: string, status: string, reason: string | null = null) =>
  `event: status\ndata: ${JSON.stringify({ kind, id: itemId, status, reason })}\n\n`;

/** The API's answer to the question every upload asks first: the plan has room for the file. */
export const uploadAllowed = (team: string) => ({ [`POST ${team}/uploads/check`]: { status: 200, body: { allowed: true } } });

/** The consent phrase as GET …/avatars/consent-phrase answers it; `required: false` where only the typed statement is asked for. */
export const consentPhraseJson = (required: boolean, expiresInMinutes = 30) => ({
  phrase: 'I am Aoki Hana, and I agree that Kagami may make an avatar of my face and voice. My code is 4 7 2 9.',
  expires_at: new Date(Date.now() + expiresInMinutes * 60_000).toISOString(),
  required,
});
/** A Kagami that asks only for the typed statement (AVATAR_CONSENT=text). */
export const typedConsentOnly = (team: string) => ({
  [`GET ${team}/avatars/consent-phrase`]: { status: 200, body: consentPhraseJson(false) },
});

/** The library as GET /api/voices/builtin answers it; `provider` adds a speech provider's voices (and its cloning). */
export const libraryJson = (provider?: 'elevenlabs') => ({
  clones_with: provider ?? null,
  data: [
    ['builtin-en-emma', 'Emma', 'en', 'female', null],
    ['builtin-en-james', 'James', 'en', 'male', null],
    ['builtin-en-alan', 'Alan', 'en', 'male', 'scottish'],
    ['builtin-ja-haruka', 'Haruka', 'ja', 'female', null],
    ['builtin-ja-takumi', 'Takumi', 'ja', 'male', null],
    ...(provider ? [['provider-rachel', 'Rachel', null, 'female', null]] : []),
  ].map(([id, name, language, gender, accent]) => ({
    id,
    name,
    language,
    gender,
    accent,
    engine: language === null ? provider : language === 'en' ? 'flite' : 'espeak',
    preview_url: `/api/voices/builtin/${id}/preview`,
  })),
});
