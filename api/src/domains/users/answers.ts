// The app's answers about the signed-in user, for the OpenAPI document (/api/docs).
import * as v from 'valibot';
import { EMPLOYEE_COUNTS, JOB_ROLES, UI_LANGUAGES } from '@kagami/shared/validation';
import { text, time } from '../../routing/operations';
import { TeamSummary } from '../teams/answers';

export const Profile = v.pipe(
  v.object({
    id: v.string(),
    name: text,
    email: v.string(),
    provider: v.picklist(['password', 'google']),
    company_name: text,
    number_of_employees: v.nullable(v.picklist(EMPLOYEE_COUNTS)),
    role: v.nullable(v.picklist(JOB_ROLES)),
    language: v.picklist(UI_LANGUAGES),
    teams: v.array(TeamSummary),
    current_team: v.nullable(TeamSummary),
    stripe_customer_id: text,
  }),
  v.title('Profile'),
);

export const Export = v.pipe(
  v.object({
    exported_at: time,
    links_valid_seconds: v.number(),
    account: v.object({
      id: v.string(),
      email: v.string(),
      name: text,
      company_name: text,
      number_of_employees: text,
      role: text,
      language: v.string(),
      created_at: time,
    }),
    teams: v.array(
      v.looseObject({
        ...TeamSummary.entries,
        avatars: v.array(v.looseObject({ id: v.string(), name: v.string(), source_url: text })),
        voices: v.array(v.looseObject({ id: v.string(), name: v.string(), sample_url: text })),
        videos: v.array(v.looseObject({ id: v.string(), title: v.string(), script: text, video_url: text })),
      }),
    ),
  }),
  v.title('DataExport'),
);
