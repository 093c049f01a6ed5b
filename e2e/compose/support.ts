// What the compose checks share: docker-compose and docker against the running stack (COMPOSE_FILE says which files),
// the database, and a user signed up through the deployed API.
import { execFileSync } from 'node:child_process';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { media } from '../tests/media';
import { COMPOSE_API } from '../compose.config';
import { stretched } from '../stretch';
import { codeIn, PASSWORD } from '../tests/support';

export const READY = { timeout: stretched(300_000) };

export const compose = (...args: string[]) => execFileSync('docker-compose', args, { cwd: '..', env: process.env, encoding: 'utf8' });
export const docker = (...args: string[]) => execFileSync('docker', args, { env: process.env, encoding: 'utf8' }).trim();
export const containers = (service: string) => compose('ps', '-q', service).split('\n').filter(Boolean);
export const sql = (query: string) =>
  compose(
    'exec',
    '-T',
    'postgres',
    'psql',
    '-U',
    process.env.POSTGRES_USER ?? 'kagami',
    '-d',
    process.env.POSTGRES_DB ?? 'kagami',
    '-Atc',
    query,
  ).trim();

/** Every container of the project reports healthy (compose itself waits only for depends_on). */
export async function allHealthy() {
  await expect
    .poll(
      () => {
        const ids = compose('ps', '-q').split('\n').filter(Boolean);
        return ids.map((id) =>
          docker('inspect', '-f', '{{.Name}} {{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}', id),
        );
      },
      { timeout: 180_000, intervals: [2000] },
    )
    .toEqual(expect.not.arrayContaining([expect.not.stringMatching(/ healthy$/)]));
}

/** Sign-up against the deployed API; without SMTP the code waits in the database's outbox. */
export async function signUp(request: APIRequestContext, email: string) {
  expect((await request.post(`${COMPOSE_API}/api/auth/send-verification-code`, { data: { email } })).status()).toBe(202);
  const code = codeIn(sql(`select text from outbox where "to" = '${email}' order by created_at desc limit 1`));
  const signup = await request.post(`${COMPOSE_API}/api/auth/signup`, { data: { email, password: PASSWORD, code } });
  expect(signup.status()).toBe(201);
  const token = ((await signup.json()) as { token: string }).token;
  const headers = { authorization: `Bearer ${token}` };
  await request.put(`${COMPOSE_API}/api/users/update-profile`, {
    headers,
    data: { name: 'Yuki', company_name: 'Kagami', number_of_employees: '2-10', role: 'ENGINEER_DESIGNER_RESEARCHER' },
  });
  const team = await request.post(`${COMPOSE_API}/api/teams`, { headers, data: { name: 'Compose team' } });
  return { token, headers, teamId: ((await team.json()) as { id: string }).id };
}

/** An avatar made in the shell from the face clip or the portrait (signed in, on /avatars/new), waited for until ready: its id. */
export async function avatarFrom(page: Page, name: string, source: 'face-clip.mp4' | 'face-photo.jpg') {
  await page.getByRole('button', { name: source.endsWith('.jpg') ? 'Upload a photo' : 'Upload a video' }).click();
  await page.getByLabel('File to upload').setInputFiles(media(source));
  await expect(page.getByText(/is uploaded\.$/)).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Avatar name').fill(name);
  await page.locator('[data-scope=checkbox][data-part=control]').click();
  await page.getByRole('button', { name: 'Create avatar' }).click();
  await expect(page.getByTestId('item-status')).toHaveAttribute('data-status', 'ready', READY);
  return new URL(page.url()).searchParams.get('avatar')!;
}
