// Content Credentials on every finished video: a C2PA manifest signed by this deployment saying the video was made by
// Kagami with a trained algorithm (IPTC's digital source type), for which team, from which avatar and with what
// consent; and the reader that says whether a file is a Kagami video, whose, and whether it was changed since.
import { fork } from 'node:child_process';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg } from '../../media/tools';
import type { SigningIdentity } from './signing-identity';

export const TRAINED_ALGORITHMIC_MEDIA = 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia';
/** The label of Kagami's own assertion. */
export const KAGAMI_ASSERTION = 'com.kagami.video';
const SIGNING_TIMEOUT_MS = 180_000;

/** What the manifest says of the video, beside that Kagami made it. */
export type VideoClaims = {
  video_id: string;
  title: string;
  team_id: string;
  team: string;
  avatar_id: string | null;
  avatar: string | null;
  /** How the avatar's person agreed: a typed statement, or a consent clip that was checked. */
  consent: 'typed' | 'video';
  consent_verified: boolean;
  created_at: string;
};

type ChildAnswer = { ok: true; [key: string]: unknown } | { ok: false; error: string };

/** One operation in a fresh c2pa process (c2pa-process.mjs). */
function runC2pa(message: Record<string, unknown>): Promise<ChildAnswer> {
  return new Promise((resolve, reject) => {
    const child = fork(join(__dirname, 'c2pa-process.mjs'), [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), SIGNING_TIMEOUT_MS);
    let answered = false;
    child.once('message', (answer: ChildAnswer) => {
      answered = true;
      resolve(answer);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!answered) reject(new Error(`the Content Credentials process stopped (${signal ?? `exit ${code}`})`));
    });
    child.send(message);
  });
}

/** The container's own comment, for players and tools that read no manifest. */
export const AI_COMMENT = 'AI-generated with Kagami';

/** Marks `file` as AI-generated in its container and signs it, in place (each step written aside, then moved over it). */
export async function signVideo(identity: SigningIdentity, file: string, claims: VideoClaims) {
  const commented = `${file}.commented.mp4`;
  try {
    await runFfmpeg([
      '-i',
      file,
      '-map',
      '0',
      '-c',
      'copy',
      '-metadata',
      `comment=${AI_COMMENT}`,
      '-movflags',
      '+faststart',
      '-y',
      commented,
    ]);
    await rename(commented, file);
  } finally {
    await rm(commented, { force: true });
  }
  const manifest = {
    claim_generator_info: [{ name: 'Kagami' }],
    title: `${claims.title}.mp4`,
    format: 'video/mp4',
    assertions: [
      {
        label: 'c2pa.actions',
        data: {
          actions: [
            {
              action: 'c2pa.created',
              digitalSourceType: TRAINED_ALGORITHMIC_MEDIA,
              softwareAgent: { name: 'Kagami' },
              when: claims.created_at,
            },
          ],
        },
      },
      { label: KAGAMI_ASSERTION, data: claims },
    ],
  };
  const output = `${file}.signed`;
  try {
    const answer = await runC2pa({ op: 'sign', input: file, output, manifest, ...identity });
    if (!answer.ok) throw new Error(`Content Credentials could not be signed: ${answer.error}`);
    await rename(output, file);
  } finally {
    await rm(output, { force: true });
  }
}

/** What a file's Content Credentials say, as the verify call and the CLI report it. */
export type CredentialsReport = {
  /** It carries a C2PA manifest at all. */
  has_credentials: boolean;
  /** Its manifest was signed by this deployment and names a Kagami video. */
  kagami: boolean;
  /** The file or its manifest changed after signing (a hash or signature no longer matches). */
  altered: boolean;
  /** Its signer's certificate chains to an authority this deployment trusts. */
  trusted: boolean;
  digital_source_type: string | null;
  video: VideoClaims | null;
  signer: string | null;
  signed_at: string | null;
  /** C2PA's own validation failure codes (`assertion.bmffHash.mismatch`, `signingCredential.untrusted`, …). */
  failures: string[];
};

const TRUST_ONLY = /^signingCredential\.(untrusted|expired)$/;

type ReadAnswer = {
  manifest: {
    assertions: { label: string; data: Record<string, unknown> }[];
    signer: { subject?: Record<string, string>; serialNumber?: string } | null;
    signedAt: string | null;
  } | null;
  state?: string;
  failures?: string[];
};

export async function readCredentials(identity: SigningIdentity, file: string): Promise<CredentialsReport> {
  const answer = await runC2pa({ op: 'read', file, anchorsPem: identity.anchorsPem });
  if (!answer.ok) throw new Error(`Content Credentials could not be read: ${answer.error}`);
  const { manifest, failures = [] } = answer as unknown as ReadAnswer;
  if (!manifest) {
    return {
      has_credentials: false,
      kagami: false,
      altered: false,
      trusted: false,
      digital_source_type: null,
      video: null,
      signer: null,
      signed_at: null,
      failures: [],
    };
  }
  const actions = manifest.assertions.find((a) => a.label.startsWith('c2pa.actions'))?.data.actions as
    { digitalSourceType?: string }[] | undefined;
  const claims = (manifest.assertions.find((a) => a.label === KAGAMI_ASSERTION)?.data as VideoClaims | undefined) ?? null;
  const serial = manifest.signer?.serialNumber?.replace(/^0+/, '').toUpperCase();
  const altered = failures.some((code) => !TRUST_ONLY.test(code));
  return {
    has_credentials: true,
    kagami: Boolean(claims) && serial === identity.serial.replace(/^0+/, ''),
    altered,
    trusted: !failures.some((code) => TRUST_ONLY.test(code)) && (answer as { state?: string }).state === 'Trusted',
    digital_source_type: actions?.find((a) => a.digitalSourceType)?.digitalSourceType ?? null,
    video: claims,
    signer: manifest.signer?.subject
      ? Object.entries(manifest.signer.subject)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')
      : null,
    signed_at: manifest.signedAt,
    failures,
  };
}
