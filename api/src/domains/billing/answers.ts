// The app's answers about plans, subscriptions, quota, history and the built-in billing pages, for the OpenAPI document (/api/docs).
import * as v from 'valibot';
import { page, text, time } from '../../routing/operations';
import { QuotaFigures } from '../public-api/responses';

export const PlanFeatures = {
  alias: v.string(),
  product_type: v.picklist(['app', 'api']),
  avatar_slots: v.number(),
  custom_avatars_per_month: v.number(),
  video_minutes_per_month: v.number(),
  custom_voices_per_month: v.number(),
  audio_minutes_per_month: v.number(),
  watermark_removal: v.boolean(),
  commercial_use: v.boolean(),
  contact_sales: v.boolean(),
};

export const interval = v.picklist(['month', 'year']);

export const currency = v.picklist(['usd', 'jpy']);

export const Subscription = v.pipe(
  v.object({
    plan: v.object({ ...PlanFeatures, price_id: text, interval: v.nullable(interval), currency: v.nullable(currency) }),
    status: v.string(),
    current_period_start: v.nullable(time),
    current_period_end: v.nullable(time),
    cancel_at_period_end: v.boolean(),
  }),
  v.title('Subscription'),
);

export const Quota = v.pipe(QuotaFigures, v.title('AppQuota'));

export const HistoryRow = v.pipe(
  v.object({
    created_at: time,
    type: v.picklist(['video_generation', 'avatar_model_creation', 'audio_generation', 'voice_model_creation']),
    name: v.string(),
    duration_minutes: v.number(),
    creator: text,
    created_via: v.picklist(['app', 'api']),
    batch: v.pipe(v.nullable(v.object({ id: v.string(), name: v.string() })), v.description('The batch a video was made for.')),
  }),
  v.title('HistoryRow'),
);

export const ALREADY_PAID = { 409: page('A page saying the checkout is already paid.') };

export const PORTAL_EXPIRED = { 401: page('A page saying the portal link is forged or has expired.') };
