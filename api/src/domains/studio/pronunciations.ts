// The team's pronunciation list: how its videos say a word (a name, a product, an acronym), applied to every script
// and voice preview of the team before the speech engine reads it (engine/speech/script.ts).
import { and, asc, count, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { PRONUNCIATIONS_MAX, pronunciationSayAsField, pronunciationWordField } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { pronunciations } from '../../db/schema';
import type { Pronunciation } from '../../engine';
import { errors, fail } from '../../lib/errors';
import { memberTeamOf, type TeamRequest, signedIn } from '../auth/guard';
import { documented, json, deleted } from '../../routing/operations';
import { Pronunciation as PronunciationAnswer, PronunciationList } from '../public-api/responses';
import { teamItemParams, teamParams } from '../../routing/params';

/** The body that adds or changes a word (a field left out is reported like an empty one). */
export const pronunciationBody = v.object({ word: pronunciationWordField, say_as: pronunciationSayAsField }, 'validation.required');

type Row = typeof pronunciations.$inferSelect;
export const pronunciationJson = (row: Row) => ({ id: row.id, word: row.word, say_as: row.sayAs, created_at: row.createdAt.toISOString() });

/** What the speech engine is given for the team's renders and previews. */
export async function pronunciationsOf(ctx: AppContext, teamId: string): Promise<Pronunciation[]> {
  const rows = await ctx.db.select().from(pronunciations).where(eq(pronunciations.teamId, teamId));
  return rows.map((row) => ({ word: row.word, sayAs: row.sayAs }));
}

export async function listPronunciations(ctx: AppContext, teamId: string) {
  const rows = await ctx.db
    .select()
    .from(pronunciations)
    .where(eq(pronunciations.teamId, teamId))
    .orderBy(asc(sql`lower(${pronunciations.word})`));
  return { data: rows.map(pronunciationJson) };
}

/** Adds a word, or changes how a word already on the list (in any case) is said. */
export async function savePronunciation(ctx: AppContext, teamId: string, input: { word: string; say_as: string }) {
  return ctx.db.transaction(async (tx) => {
    const sameWord = and(eq(pronunciations.teamId, teamId), sql`lower(${pronunciations.word}) = lower(${input.word})`);
    const [existing] = await tx.select().from(pronunciations).where(sameWord);
    if (existing) {
      const [updated] = await tx
        .update(pronunciations)
        .set({ word: input.word, sayAs: input.say_as })
        .where(eq(pronunciations.id, existing.id))
        .returning();
      return pronunciationJson(updated!);
    }
    const [{ total }] = (await tx.select({ total: count() }).from(pronunciations).where(eq(pronunciations.teamId, teamId))) as [
      { total: number },
    ];
    if (total >= PRONUNCIATIONS_MAX) throw fail(409, 'pronunciations_full', { max: PRONUNCIATIONS_MAX }, { max: PRONUNCIATIONS_MAX });
    const [created] = await tx.insert(pronunciations).values({ teamId, word: input.word, sayAs: input.say_as }).returning();
    return pronunciationJson(created!);
  });
}

export async function deletePronunciation(ctx: AppContext, teamId: string, id: string) {
  const [deleted] = await ctx.db
    .delete(pronunciations)
    .where(and(eq(pronunciations.id, id), eq(pronunciations.teamId, teamId)))
    .returning({ id: pronunciations.id });
  if (!deleted) throw errors.notFound('Pronunciation');
}

/** The app's routes: any member of the team reads and edits its list. */
export const pronunciationRoutes = signedIn((app, ctx) => {
  const member = (request: TeamRequest) => memberTeamOf(ctx, request);

  app.get(
    '/api/teams/:teamId/pronunciations',
    {
      schema: {
        ...documented({
          id: 'listTeamPronunciations',
          tag: 'Pronunciations',
          summary: 'List pronunciations',
          description: "Every word the team's scripts say in a way of their own.",
          answers: { 200: json("The team's pronunciations.", PronunciationList) },
        }),
        params: teamParams,
      },
    },
    async (request) => listPronunciations(ctx, await member(request)),
  );
  app.post(
    '/api/teams/:teamId/pronunciations',
    {
      schema: {
        ...documented({
          id: 'saveTeamPronunciation',
          tag: 'Pronunciations',
          summary: 'Add a pronunciation',
          description: 'How scripts say a word from now on; a word already listed is replaced.',
          answers: { 201: json('The pronunciation (replacing one of the same word).', PronunciationAnswer) },
          refusals: { 409: ['pronunciations_full'] },
        }),
        params: teamParams,
        body: pronunciationBody,
      },
    },
    async (request, reply) => {
      reply.status(201);
      return savePronunciation(ctx, await member(request), request.body);
    },
  );
  app.delete(
    '/api/teams/:teamId/pronunciations/:id',
    {
      schema: {
        ...documented({
          id: 'deleteTeamPronunciation',
          tag: 'Pronunciations',
          summary: 'Delete a pronunciation',
          description: 'Scripts say the word as the voice would again.',
          answers: deleted,
        }),
        params: teamItemParams,
      },
    },
    async (request, reply) => {
      await deletePronunciation(ctx, await member(request), request.params.id);
      return reply.status(204).send();
    },
  );
});
