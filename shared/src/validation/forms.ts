import * as v from 'valibot';
import { encodeMessage as m } from './messages';
import {
  agreementField,
  companyNameField,
  emailField,
  employeeCountField,
  invitationCodeField,
  jobRoleField,
  nameField,
  passwordField,
  currentPasswordField,
  verificationCodeField,
} from './fields';

/** Password plus a confirmation that must match it; the error lands on the confirmation. */
const newPasswordPair = v.pipe(
  v.object({ password: passwordField, passwordConfirmation: v.string(m('required')) }),
  v.forward(
    v.partialCheck(
      [['password'], ['passwordConfirmation']],
      (input) => input.password === input.passwordConfirmation,
      m('passwordsMismatch'),
    ),
    ['passwordConfirmation'],
  ),
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

export const joinTeamForm = v.object({ code: invitationCodeField });
export type JoinTeamForm = v.InferInput<typeof joinTeamForm>;

export const forgotPasswordForm = v.object({ email: emailField });
export type ForgotPasswordForm = v.InferInput<typeof forgotPasswordForm>;

export const resetPasswordForm = newPasswordPair;
export type ResetPasswordForm = v.InferInput<typeof resetPasswordForm>;
