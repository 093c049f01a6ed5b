import * as v from 'valibot';
import { encodeMessage as m } from './messages';
import {
  agreementField,
  companyNameField,
  consentField,
  contentLanguageField,
  emailField,
  employeeCountField,
  invitationCodeField,
  jobRoleField,
  nameField,
  webhookEventsField,
  webhookUrlField,
  passwordField,
  currentPasswordField,
  teamNameField,
  verificationCodeField,
} from './fields';
import {
  PRONUNCIATION_SAY_AS_MAX_CHARS,
  PRONUNCIATION_WORD_MAX_CHARS,
  SCRIPT_MAX_CHARS,
  SPEECH_SPEED_MAX,
  SPEECH_SPEED_MIN,
} from './media';

/**
 * A check that `confirmation` repeats `field`; the "passwords do not match" error lands on the
 * confirmation. (Typed loosely: valibot cannot infer a partial check over keys given as parameters.)
 */
export const confirms = (field: string, confirmation: string): never =>
  v.forward(
    v.partialCheck(
      [[field], [confirmation]] as never,
      (input: never) => (input as Record<string, string>)[field] === (input as Record<string, string>)[confirmation],
      m('passwordsMismatch'),
    ) as never,
    [confirmation] as never,
  ) as never;

/** Password plus a confirmation that must match it. */
const newPasswordPair = v.pipe(
  v.object({ password: passwordField, passwordConfirmation: v.string(m('required')) }),
  confirms('password', 'passwordConfirmation'),
);

export const loginForm = v.object({ email: emailField, password: currentPasswordField });
export type LoginForm = v.InferInput<typeof loginForm>;

export const signupEmailForm = v.object({ email: emailField, agreement: agreementField });
export type SignupEmailForm = v.InferInput<typeof signupEmailForm>;

export const signupPasswordForm = newPasswordPair;
export type SignupPasswordForm = v.InferInput<typeof signupPasswordForm>;

export const verificationCodeForm = v.object({ code: verificationCodeField });
export type VerificationCodeForm = v.InferInput<typeof verificationCodeForm>;

export const userProfileForm = v.object({
  name: nameField,
  companyName: companyNameField,
  numberOfEmployees: employeeCountField,
  role: jobRoleField,
});
export type UserProfileForm = v.InferInput<typeof userProfileForm>;

/** The profile form filled from what the user already told us (empty choices until they pick). */
export const userProfileDefaults = (
  profile: { name: string | null; companyName: string | null; numberOfEmployees: string | null; role: string | null } | null,
) =>
  ({
    name: profile?.name ?? '',
    companyName: profile?.companyName ?? '',
    numberOfEmployees: profile?.numberOfEmployees ?? '',
    role: profile?.role ?? '',
  }) as UserProfileForm;

export const teamNameForm = v.object({ name: teamNameField });
export type TeamNameForm = v.InferInput<typeof teamNameForm>;

export const joinTeamForm = v.object({ code: invitationCodeField });
export type JoinTeamForm = v.InferInput<typeof joinTeamForm>;

export const forgotPasswordForm = v.object({ email: emailField });
export type ForgotPasswordForm = v.InferInput<typeof forgotPasswordForm>;

export const resetPasswordForm = newPasswordPair;
export type ResetPasswordForm = v.InferInput<typeof resetPasswordForm>;

export const avatarForm = v.object({ name: nameField, language: contentLanguageField, consent: consentField });
export type AvatarForm = v.InferInput<typeof avatarForm>;

export const voiceForm = v.object({ name: nameField, language: contentLanguageField });
export type VoiceForm = v.InferInput<typeof voiceForm>;

/** A video's script: one limit for the app, its API and the public API. */
export const scriptField = v.pipe(v.string(m('invalid')), v.maxLength(SCRIPT_MAX_CHARS, m('maxLength', { length: SCRIPT_MAX_CHARS })));

/** How fast a video's script is spoken. */
export const speedField = v.pipe(
  v.number(m('number')),
  v.minValue(SPEECH_SPEED_MIN, m('minValue', { value: SPEECH_SPEED_MIN })),
  v.maxValue(SPEECH_SPEED_MAX, m('maxValue', { value: SPEECH_SPEED_MAX })),
);

/** A voice model's id, or a voice of the library: `builtin-<language>[-name]`, or `provider-<id>` of the speech provider. */
export const voiceIdField = v.union(
  [
    v.pipe(v.string(), v.uuid(m('invalid'))),
    v.pipe(v.string(), v.regex(/^(builtin-[a-z]{2}(-[a-z]+)?|provider-[\w-]{1,64})$/, m('invalid'))),
  ],
  m('invalid'),
);

const trimmedText = (max: number) =>
  v.pipe(v.string(m('required')), v.trim(), v.nonEmpty(m('required')), v.maxLength(max, m('maxLength', { length: max })));

/** A word of the team's pronunciation list, and how it is said (spelled as it sounds). */
export const pronunciationWordField = trimmedText(PRONUNCIATION_WORD_MAX_CHARS);
export const pronunciationSayAsField = trimmedText(PRONUNCIATION_SAY_AS_MAX_CHARS);
/** The app's form; the API's body is the same fields as `word` and `say_as`. */
export const pronunciationForm = v.object({ word: pronunciationWordField, sayAs: pronunciationSayAsField });
export type PronunciationForm = v.InferInput<typeof pronunciationForm>;

/** A video speaks a script or plays an uploaded audio file (checked where the form knows which). */
export const videoForm = v.object({
  name: nameField,
  language: contentLanguageField,
  voiceId: v.string(),
  script: scriptField,
  subtitles: v.boolean(),
  speed: speedField,
});
export type VideoForm = v.InferInput<typeof videoForm>;

const isoDay = v.pipe(v.string(), v.isoDate(m('invalid')));
const optionalDay = v.optional(v.union([v.literal(''), isoDay], m('invalid')), '');

/** SPEC §5: a History date range ends on or after its start (either end may be left open). */
const endsOnOrAfterStart = ({ from, to }: { from?: string; to?: string }) => !from || !to || to >= from;

export const historyRangeForm = v.pipe(
  v.object({ from: optionalDay, to: optionalDay }),
  v.forward(v.partialCheck([['from'], ['to']], endsOnOrAfterStart, m('dateRange')), ['to']),
);
export type HistoryRangeForm = v.InferInput<typeof historyRangeForm>;

/**
 * A whole number in a query string, `min`-`max`, `fallback` when absent. Query values are text: the API's document
 * shows it as the integer it must spell.
 */
export const queryInteger = (min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.metadata({ type: 'integer', minimum: min, maximum: max }),
      v.transform(Number),
      v.integer(m('number')),
      v.minValue(min, m('minValue', { value: min })),
      v.maxValue(max, m('maxValue', { value: max })),
    ),
    String(fallback),
  );

/** GET /api/teams/{id}/history (and .csv): App or API History, by date range, a page at a time. */
export const historyQuery = v.pipe(
  v.object({
    type: v.optional(v.picklist(['app', 'api'], m('notAChoice')), 'app'),
    from: optionalDay,
    to: optionalDay,
    page: queryInteger(1, 100_000, 1),
    page_size: queryInteger(1, 100, 20),
  }),
  v.forward(v.partialCheck([['from'], ['to']], endsOnOrAfterStart, m('dateRange')), ['to']),
);
export type HistoryQuery = v.InferOutput<typeof historyQuery>;

export const CONTACT_MESSAGE_MAX_LENGTH = 2000;

export const salesCompanyField = v.pipe(companyNameField, v.nonEmpty(m('required')));
export const salesMessageField = v.pipe(
  v.string(m('required')),
  v.trim(),
  v.nonEmpty(m('required')),
  v.maxLength(CONTACT_MESSAGE_MAX_LENGTH, m('maxLength', { length: CONTACT_MESSAGE_MAX_LENGTH })),
);

/** Contact sales (SPEC §2 Subscription): who asks, for how large a team, and what for. */
export const contactSalesForm = v.object({
  name: nameField,
  email: emailField,
  company: salesCompanyField,
  teamSize: employeeCountField,
  message: salesMessageField,
});
export type ContactSalesForm = v.InferInput<typeof contactSalesForm>;

/** A webhook endpoint: where to deliver, and which events. */
export const webhookEndpointForm = v.object({ url: webhookUrlField, events: webhookEventsField });
export type WebhookEndpointForm = v.InferInput<typeof webhookEndpointForm>;
