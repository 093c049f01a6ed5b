// Users for the measuring scripts, made through the product's API as a person would (sign-up code from the dev mailbox).
import { readFileSync } from 'node:fs';

/** A JSON call to the API at `api`, signed in with `token` when given. */
export const apiCall = (api) => (method, path, body, token) =>
  fetch(`${api}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((response) => response.json());

/** A signed-up user with a profile and a team: `{ token, teamId }`. */
export async function onboardedUser(api, name = 'Measure') {
  const call = apiCall(api);
  const email = `measure-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await call('POST', '/api/auth/send-verification-code', { email });
  const { messages } = await (await fetch(`${api}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  const code = messages[0].text.match(/\b(\d{6})\b/)[1];
  const { token } = await call('POST', '/api/auth/signup', { email, password: 'measure-pass-1', code });
  await call('PUT', '/api/users/update-profile', { name, company_name: 'K', number_of_employees: '1', role: 'OTHER' }, token);
  const team = await call('POST', '/api/teams', { name: `${name} team` }, token);
  return { token, teamId: team.id };
}

/** Sends a file by tus in one PATCH; returns the upload's id. */
export async function tusUpload(api, { token, teamId }, file, purpose, filename) {
  const body = readFileSync(file);
  const metadata = Object.entries({ team_id: teamId, purpose, filename, filetype: 'application/octet-stream' })
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const created = await fetch(`${api}/api/uploads`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(body.length),
      'upload-metadata': metadata,
    },
  });
  if (created.status !== 201) throw new Error(`upload refused: ${created.status} ${await created.text()}`);
  const location = new URL(created.headers.get('location'), api).href;
  const sent = await fetch(location, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body,
  });
  if (sent.status !== 204) throw new Error(`upload failed: ${sent.status} ${await sent.text()}`);
  return location.split('/').pop();
}
