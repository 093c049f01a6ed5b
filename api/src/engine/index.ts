// The engine's only door: what the studio, consent, the public API and the composition root may use of it. The engine
// makes avatars, voices and videos from files and settings; it knows nothing of the database, storage, HTTP or the
// app, and what it needs of them (links a provider can fetch) it receives through the types it declares here.
import type { LipSyncSettings, SpeechProviderSettings } from '../config/providers';
import type { MediaLinks } from './lipsync/lipsync-provider';
import { lipSyncProvider } from './lipsync/providers';
import type { GenerationEngine } from './generation-engine';
import { LocalEngine } from './local/local-engine';
import { speechProvider } from './speech/providers/choose';

/** The engine a deployment runs: the local renderer, with the lip-sync and speech providers its settings name. */
export function createEngine(settings: {
  lipSync?: LipSyncSettings;
  speech?: SpeechProviderSettings;
  mediaLinks: MediaLinks;
}): GenerationEngine {
  const { lipSync, speech, mediaLinks } = settings;
  return new LocalEngine(
    lipSync ? { provider: lipSyncProvider(lipSync, mediaLinks), fallback: lipSync.fallback } : undefined,
    speech ? speechProvider(speech) : undefined,
  );
}

// The port and its shapes.
export type { AvatarSource, GenerationEngine, PartRange, RenderInput, RenderResult } from './generation-engine';
export { EngineFailure } from './failure';
export { LipSyncFailure, LipSyncWaiting } from './lipsync/lipsync-provider';
export type { MediaLinks } from './lipsync/lipsync-provider';

// Speech: the built-in voices, provider voices' ids, scripts' words and pauses.
export { BUILTIN_VOICES, builtinVoice, defaultBuiltinVoice, genderOfPitch, isBuiltinVoiceId } from './speech/builtin-voices';
export type { BuiltinVoice } from './speech/builtin-voices';
export { isProviderVoiceId, PROVIDER_VOICE_PREFIX, providerVoiceIdOf } from './speech/providers/speech-provider';
export type { SpeechProvider } from './speech/providers/speech-provider';
export { SAMPLE_SENTENCES } from './speech/sample-sentences';
export { pauseSecondsOf, wordsOf } from './speech/script';
export type { Pronunciation } from './speech/script';
export { profileOf } from './speech/synthesizer';
export type { PhonemeEvent, SpeakingVoice } from './speech/synthesizer';

// Composing: backdrops and framing, the layout's still, captions and their files, a document's pages as slides.
export type { Backdrop, Framing } from './compose/compose';
export { brandOf } from './compose/elements';
export { brandClipSeconds } from './compose/brand-clip';
export type { Brand, ElementSpec } from './compose/elements';
export { checkFont } from './compose/fonts';
export { composeLayoutStill } from './compose/layout-still';
export { captionCuesOf, toSrt, toVtt } from './compose/captions';
export type { Cue } from './compose/captions';
export { checkDocument, PAGE_WIDTH, renderDocumentPages, THUMBNAIL_WIDTH } from './compose/document-pages';
export type { DocumentPage, DocumentRejection } from './compose/document-pages';

// Consent clips, and Content Credentials.
export { checkConsentClip } from './consent/consent-clip';
export { pocketSphinx } from './consent/recogniser';
export type { Recogniser } from './consent/recogniser';
export { readCredentials, signVideo } from './provenance/credentials';
export type { VideoClaims } from './provenance/credentials';
export { loadSigningIdentity, sharedSigningIdentity } from './provenance/signing-identity';
export type { SigningIdentity } from './provenance/signing-identity';

// The pipelines: what a video is, step by step.
export { joinParts, renderPart, renderWholeOrCut, signAndCaption, speakScript, spokenUpload } from './pipeline/video';
export type { Spoken } from './pipeline/video';
export { joinedCues, joinSceneParts, partCostOf, piecesOf, sceneFramesOf, scenePartsOf, sceneSpansOf, splitsOf } from './pipeline/scenes';
export type { PresenterKind, ScenePart, SceneSpan } from './pipeline/scenes';
