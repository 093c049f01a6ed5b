// GET /api/teams/:teamId/events: a server-sent stream of the status and progress changes of a team's avatars, voices
// and videos, polled from the database, that ends when the session or membership does.
import { and, eq, gt, or } from 'drizzle-orm';
import { type AppContext } from '../app-context';
import { avatars, videos, voices } from '../../db/schema';
import { fail } from '../../lib/errors';
import { bearerToken, currentUser, signedIn } from '../auth/guard';
import { requireMembership } from '../teams/membership';
import { documented, file } from '../../routing/operations';
import { teamParams } from '../../routing/params';

export const EVENT_POLL_MS = 1500;
const KEEP_ALIVE_MS = 15_000;
const RECENT_MS = 24 * 3_600_000;
/** Streams one user may have open at once in one API process (a browser tab holds one). */
export const MAX_STREAMS_PER_USER = 10;

type Status = { kind: 'avatar' | 'voice' | 'video'; id: string; status: string; reason: string | null };
/** An avatar in progress: the stage it is on and how far it is (see the worker). */
type Step = { stage: string | null; progress: number | null };

/** The team's items that are running or were made in the last day: what a screen may be watching. */
async function snapshot(ctx: AppContext, teamId: string): Promise<(Status & { step?: Step })[]> {
  const since = new Date(Date.now() - RECENT_MS);
  const pick = { id: avatars.id, status: avatars.status, reason: avatars.reason, stage: avatars.stage, progress: avatars.progress };
  const [a, vo, vi] = await Promise.all([
    ctx.db
      .select(pick)
      .from(avatars)
      .where(and(eq(avatars.teamId, teamId), or(eq(avatars.status, 'in_progress'), gt(avatars.createdAt, since)))),
    ctx.db
      .select({ id: voices.id, status: voices.status, reason: voices.reason })
      .from(voices)
      .where(and(eq(voices.teamId, teamId), or(eq(voices.status, 'in_progress'), gt(voices.createdAt, since)))),
    ctx.db
      .select({ id: videos.id, status: videos.status, reason: videos.reason })
      .from(videos)
      .where(and(eq(videos.teamId, teamId), or(eq(videos.status, 'in_progress'), gt(videos.createdAt, since)))),
  ]);
  return [
    ...a.map(({ stage, progress, ...row }) => ({
      kind: 'avatar' as const,
      ...row,
      step: row.status === 'in_progress' ? { stage, progress } : undefined,
    })),
    ...vo.map((row) => ({ kind: 'voice' as const, ...row })),
    ...vi.map((row) => ({ kind: 'video' as const, ...row })),
  ];
}

const keyOf = (item: Status) => `${item.kind}:${item.id}`;
const stateOf = (item: Status & { step?: Step }) => ({
  status: `${item.status}:${item.reason}`,
  step: item.step ? `${item.step.stage}:${item.step.progress}` : null,
});

/**
 * GET /api/teams/{teamId}/events: server-sent events, one `status` event per change of an avatar,
 * voice or video of the team, and a `progress` event when an avatar in progress moves on (stage,
 * progress), at most one per poll. Changes are read from the database, so they arrive whichever
 * process ran the job. Screens may poll the items instead. Each poll first asks whether the session
 * is still live and its user still a member: when either has ended, an `end` event says so and the
 * stream closes.
 */
export const eventRoutes = signedIn((app, ctx) => {
  const openStreams = new Map<string, number>();
  const stillAllowed = async (token: string, teamId: string) => {
    const session = await ctx.authCache.findSession(token);
    if (!session) return 'session_ended' as const;
    const teams = await ctx.authCache.teamsOf(session.user.id);
    return teams.some((team) => team.id === teamId) ? null : ('membership_ended' as const);
  };
  app.get(
    '/api/teams/:teamId/events',
    {
      schema: {
        ...documented({
          id: 'followTeamEvents',
          tag: 'Videos',
          summary: 'Follow the team’s work',
          description: 'Server-sent events: status changes of the team’s avatars, voices and videos as they happen.',
          answers: {
            200: file(
              'Server-sent events: `ready` (`{watching}`), then `status` (`{kind, id, status, reason}`) and `progress` (`{kind, id, stage, progress}`) as items change; `end` (`{reason}`: `session_ended` or `membership_ended`) just before the server closes the stream.',
              'text/event-stream',
            ),
          },
          refusals: { 429: ['too_many_streams'] },
        }),
        params: teamParams,
      },
      config: { rateLimit: false } as never,
    },
    async (request, reply) => {
      const { teamId } = request.params;
      const userId = currentUser(request).user.id;
      await requireMembership(ctx.db, teamId, userId);
      const open = openStreams.get(userId) ?? 0;
      if (open >= MAX_STREAMS_PER_USER) throw fail(429, 'too_many_streams', { max: MAX_STREAMS_PER_USER });
      openStreams.set(userId, open + 1);
      const timers: ReturnType<typeof setInterval>[] = [];
      let stopped = false;
      /** Once, however the stream ends: the browser leaves, the session or membership ends, or the first read fails. */
      const stop = () => {
        if (stopped) return;
        stopped = true;
        timers.forEach(clearInterval);
        const left = (openStreams.get(userId) ?? 1) - 1;
        if (left > 0) openStreams.set(userId, left);
        else openStreams.delete(userId);
        if (!reply.raw.writableEnded) reply.raw.end();
      };
      // The response's own close: the request's comes as soon as it is read, long before the stream ends.
      reply.raw.on('close', stop);
      const token = bearerToken(request)!;
      const origin = request.headers.origin;
      reply.hijack();
      reply.raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        ...(origin && ctx.config.corsOrigins.includes(origin) ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {}),
      });
      const send = (event: string, data: unknown) => reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      let last: Map<string, ReturnType<typeof stateOf>>;
      try {
        last = new Map((await snapshot(ctx, teamId)).map((item) => [keyOf(item), stateOf(item)]));
      } catch (error) {
        request.log.warn({ err: error }, 'event stream could not start');
        return stop();
      }
      send('ready', { watching: last.size });
      let busy = false;
      const poll = setInterval(async () => {
        if (busy || stopped) return;
        busy = true;
        try {
          const ended = await stillAllowed(token, teamId);
          if (ended) {
            send('end', { reason: ended });
            return stop();
          }
          const now = await snapshot(ctx, teamId);
          for (const { step, ...item } of now) {
            const before = last.get(keyOf(item));
            const state = stateOf({ ...item, step });
            if (before?.status !== state.status) send('status', item);
            else if (step && before.step !== state.step) send('progress', { kind: item.kind, id: item.id, ...step });
          }
          last = new Map(now.map((item) => [keyOf(item), stateOf(item)]));
        } catch (error) {
          request.log.warn({ err: error }, 'event poll failed');
        } finally {
          busy = false;
        }
      }, EVENT_POLL_MS);
      timers.push(
        poll,
        setInterval(() => reply.raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS),
      );
    },
  );
});
