// The moderation provider when MODERATION_PROVIDER=openai: `POST {url}/v1/moderations` with the script, as OpenAI
// publishes it (https://platform.openai.com/docs/api-reference/moderations): the first result's `flagged`, and the
// flagged categories in `categories`. Any server answering that shape will do.
import { fetchRetrying } from '../../lib/retrying-fetch';
import type { ModerationSettings } from '../../config/providers';

type Answer = { results?: { flagged?: boolean; categories?: Record<string, boolean> }[] };

/** The category a script was flagged for (the first one the provider names), or null when it was not. */
export async function moderateWithOpenAi(settings: ModerationSettings, text: string): Promise<string | null> {
  const { body } = await fetchRetrying(
    'The moderation provider',
    `${settings.url.replace(/\/$/, '')}/v1/moderations`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(settings.key ? { authorization: `Bearer ${settings.key}` } : {}) },
      body: JSON.stringify({ model: settings.model, input: text }),
    },
    settings.http,
  );
  const result = (JSON.parse(body.toString('utf8')) as Answer).results?.[0];
  if (!result || typeof result.flagged !== 'boolean') throw new Error('The moderation provider answered without a result');
  if (!result.flagged) return null;
  return Object.entries(result.categories ?? {}).find(([, flagged]) => flagged)?.[0] ?? 'flagged';
}
