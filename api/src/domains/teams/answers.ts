// The app's answers about teams, for the OpenAPI document (/api/docs).
import * as v from 'valibot';
import { time } from '../../routing/operations';

export const TeamSummary = v.pipe(
  v.object({ id: v.string(), name: v.string(), role: v.picklist(['owner', 'member']) }),
  v.title('AppTeamSummary'),
);

export const Team = v.pipe(v.object({ ...TeamSummary.entries, keep_watermark: v.boolean(), created_at: time }), v.title('AppTeam'));

export const TeamWithPlan = v.pipe(
  v.object({
    ...Team.entries,
    watermark_removal: v.pipe(v.boolean(), v.description("Whether the owner's plan lets the team take the watermark off.")),
  }),
  v.title('AppTeamWithPlan'),
);
