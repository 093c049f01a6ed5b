// Templates and batches as the API sends them (snake_case), for the screens' tests.
type Fields = Record<string, unknown>;

export const TEMPLATE_ID = '00000000-0000-4000-8000-00000000a001';
export const BATCH_ID = '00000000-0000-4000-8000-00000000b001';
export const AVATAR_ID = '00000000-0000-4000-8000-00000000c001';

/** A template of one scene whose script and lower third hold `{{first_name}}` and `{{company|Kagami}}`. */
export const templateJson = (fields: Fields = {}) => ({
  id: TEMPLATE_ID,
  name: 'Welcome',
  language: 'en',
  variables: ['first_name', 'company'],
  variable_details: [
    { name: 'first_name', default: null, occurs_in: ['scenes.0.script', 'scenes.0.elements.0.text'] },
    { name: 'company', default: 'Kagami', occurs_in: ['scenes.0.script'] },
  ],
  scene_count: 1,
  body: {
    language: 'en',
    avatar_id: AVATAR_ID,
    aspect_ratio: '16:9',
    resolution: '720p',
    brand: false,
    scenes: [
      {
        avatar_id: AVATAR_ID,
        script: 'Hello {{first_name}}, welcome to {{company|Kagami}}.',
        voice_id: 'builtin-en-emma',
        language: 'en',
        speed: 1,
        background: { type: 'color', value: '#1E3A5F' },
        placement: { position: 'corner', scale: 0.35 },
        elements: [{ type: 'text', role: 'lower_third', text: 'For {{first_name}}', entrance: 'fade' }],
        transition: { type: 'fade', seconds: 0.5 },
      },
    ],
  },
  created_at: '2026-11-20T08:00:00Z',
  updated_at: '2026-11-21T09:30:00Z',
  ...fields,
});

const countsOf = (statuses: string[]) => ({
  total: statuses.length,
  ready: statuses.filter((status) => status === 'ready').length,
  failed: statuses.filter((status) => status === 'failed').length,
  in_progress: statuses.filter((status) => status === 'in_progress').length,
  queued: statuses.filter((status) => status === 'queued').length,
  cancelled: statuses.filter((status) => status === 'cancelled').length,
});

/** A batch of the template whose rows have these statuses (a failed row failed for its quota). */
export const batchJson = (statuses: string[], fields: Fields = {}) => ({
  id: BATCH_ID,
  name: 'Welcome',
  template_id: TEMPLATE_ID,
  status: statuses.some((status) => status === 'queued' || status === 'in_progress') ? 'in_progress' : 'completed',
  counts: countsOf(statuses),
  rows: statuses.map((status, index) => ({
    row: index + 1,
    title: `Welcome (${['Ada', 'Grace', 'Linus', 'Yuki'][index % 4]})`,
    status,
    video_id: status === 'queued' ? null : `00000000-0000-4000-8000-00000000d00${index + 1}`,
    reason: status === 'failed' ? 'quota_exceeded' : null,
    variables: { first_name: ['Ada', 'Grace', 'Linus', 'Yuki'][index % 4] },
  })),
  created_at: '2026-11-22T10:00:00Z',
  ended_at: null,
  ...fields,
});

/** The same batch as GET …/batches lists it: without its rows. */
export const batchSummaryJson = (statuses: string[], fields: Fields = {}) => {
  const { rows: _rows, ...summary } = batchJson(statuses, fields);
  return summary;
};
