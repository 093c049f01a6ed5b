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
  passwordField,
  currentPasswordField,
  teamNameField,
  verificationCodeField,
} from './fields';
import { SCRIPT_MAX_CHARS } from './media';

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

/** A video speaks a script or plays an uploaded audio file (checked where the form knows which). */
export const videoForm = v.object({
  name: nameField,
  language: contentLanguageField,
  voiceId: v.string(),
  script: v.pipe(v.string(), v.maxLength(SCRIPT_MAX_CHARS, m('maxLength', { length: SCRIPT_MAX_CHARS }))),
  subtitles: v.boolean(),
});
export type VideoForm = v.InferInput<typeof videoForm>;
