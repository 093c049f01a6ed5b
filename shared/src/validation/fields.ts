import * as v from 'valibot';
import { encodeMessage as m } from './messages';
import { UI_LANGUAGES } from './languages';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
export const COMPANY_MAX_LENGTH = 200;
export const VERIFICATION_CODE_LENGTH = 6;

export const JOB_ROLES = [
  'EXECUTIVE_CXO',
  'MANAGER_TEAM_LEAD',
  'STAFF_INDIVIDUAL_CONTRIBUTOR',
  'ENGINEER_DESIGNER_RESEARCHER',
  'STUDENT',
  'OTHER',
] as const;
export type JobRole = (typeof JOB_ROLES)[number];

export const EMPLOYEE_COUNTS = ['1', '2-10', '11-50', '51-200', '201-1000', '1001+'] as const;
export type EmployeeCount = (typeof EMPLOYEE_COUNTS)[number];

export { UI_LANGUAGES, type UiLanguage } from './languages';

const text = () => v.string(m('required'));
/** One of `options`: missing is "required", anything else outside the list "not one of the choices". */
const choice = <const T extends readonly string[]>(options: T) =>
  v.pipe(v.string(m('required')), v.nonEmpty(m('required')), v.picklist(options, m('notAChoice')));
const maxLen = (n: number) => v.maxLength<string, number, string>(n, m('maxLength', { length: n }));
const minLen = (n: number) => v.minLength<string, number, string>(n, m('minLength', { length: n }));

export const emailField = v.pipe(
  text(),
  v.trim(),
  v.nonEmpty(m('required')),
  maxLen(EMAIL_MAX_LENGTH),
  v.email(m('email')),
  v.toLowerCase(),
);

export const passwordField = v.pipe(
  text(),
  v.nonEmpty(m('required')),
  minLen(PASSWORD_MIN_LENGTH),
  maxLen(PASSWORD_MAX_LENGTH),
  v.regex(/^[\x21-\x7e]+$/, m('halfWidth')),
);

/** Any non-empty string: the current password is checked against the stored hash, not the rules. */
export const currentPasswordField = v.pipe(text(), v.nonEmpty(m('required')), maxLen(PASSWORD_MAX_LENGTH));

export const verificationCodeField = v.pipe(
  text(),
  v.trim(),
  v.nonEmpty(m('required')),
  v.regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), m('codeFormat', { length: VERIFICATION_CODE_LENGTH })),
);

export const nameField = v.pipe(text(), v.trim(), v.nonEmpty(m('required')), maxLen(NAME_MAX_LENGTH));

export const companyNameField = v.pipe(text(), v.trim(), maxLen(COMPANY_MAX_LENGTH));

export const employeeCountField = choice(EMPLOYEE_COUNTS);

export const jobRoleField = choice(JOB_ROLES);

export const teamNameField = v.pipe(text(), v.trim(), v.nonEmpty(m('required')), maxLen(NAME_MAX_LENGTH));

export const invitationCodeField = v.pipe(
  text(),
  v.trim(),
  v.nonEmpty(m('required')),
  maxLen(64),
  v.regex(/^[A-Za-z0-9_-]+$/, m('alphanumeric')),
);

export const uiLanguageField = v.picklist(UI_LANGUAGES, m('invalid'));

export const agreementField = v.literal(true, m('agreementRequired'));
export const consentField = v.literal(true, m('consentRequired'));

/** SPEC §1: the languages avatars speak in (the UI itself is in en and ja). */
export const CONTENT_LANGUAGES = ['en', 'zh', 'ja', 'de', 'fr', 'es', 'ko', 'ar', 'ru', 'nl', 'it', 'pl', 'pt'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];
export const contentLanguageField = v.picklist(CONTENT_LANGUAGES, m('invalid'));

/** What a webhook endpoint can subscribe to: an avatar, voice model or video becoming ready or failing. */
export const WEBHOOK_EVENTS = [
  'video.ready',
  'video.failed',
  'avatar.ready',
  'avatar.failed',
  'voice.ready',
  'voice.failed',
  'batch.completed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_URL_MAX_LENGTH = 2000;

export const webhookUrlField = v.pipe(
  text(),
  v.trim(),
  v.nonEmpty(m('required')),
  maxLen(WEBHOOK_URL_MAX_LENGTH),
  v.url(m('url')),
  v.regex(/^https?:\/\//i, m('url')),
);
export const webhookEventsField = v.pipe(
  v.array(v.picklist(WEBHOOK_EVENTS, m('notAChoice')), m('required')),
  v.minLength(1, m('eventsRequired')),
  v.checkItems((item, index, all) => all.indexOf(item) === index, m('notAChoice')),
);
