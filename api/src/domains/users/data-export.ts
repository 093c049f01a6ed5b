// The account's data export: what the user gave Kagami and what was made from it, as one JSON file. Media are linked by
// signed addresses (valid SIGNED_URL_SECONDS), among them the consent clips of the avatars the user made.
import { and, eq } from 'drizzle-orm';
import { type AppContext } from '../app-context';
import { avatars, teamMembers, teams, users, videos, voices } from '../../db/schema';
import { SIGNED_URL_SECONDS } from '../assets/signing';
import { signedUrl } from '../public-api/serialize';
import { consentVerified } from '../studio/serialize';

export async function exportAccountData(ctx: AppContext, userId: string, base: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  const memberships = await ctx.db
    .select({ id: teams.id, name: teams.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId));
  const link = (category: string, file: string | null) => signedUrl(ctx, base, category, file);
  const teamsMade = await Promise.all(
    memberships.map(async (team) => {
      const [teamAvatars, teamVoices, teamVideos] = await Promise.all([
        ctx.db
          .select()
          .from(avatars)
          .where(and(eq(avatars.teamId, team.id), eq(avatars.createdBy, userId))),
        ctx.db
          .select()
          .from(voices)
          .where(and(eq(voices.teamId, team.id), eq(voices.createdBy, userId))),
        ctx.db
          .select()
          .from(videos)
          .where(and(eq(videos.teamId, team.id), eq(videos.createdBy, userId))),
      ]);
      return {
        ...team,
        avatars: teamAvatars.map((a) => ({
          id: a.id,
          name: a.name,
          language: a.language,
          status: a.status,
          source_kind: a.sourceKind,
          created_at: a.createdAt,
          source_url: link('avatar_input', a.source),
          consent: {
            method: a.consentMethod,
            text: a.consentText,
            given_at: a.consentAt,
            verified: consentVerified(a),
            clip_url: link('avatar_input', a.consentClip),
          },
        })),
        voices: teamVoices.map((voice) => ({
          id: voice.id,
          name: voice.name,
          language: voice.language,
          status: voice.status,
          created_at: voice.createdAt,
          sample_url: link('audio_output', voice.sample),
        })),
        videos: teamVideos.map((video) => ({
          id: video.id,
          title: video.name,
          language: video.language,
          status: video.status,
          script: video.script,
          created_at: video.createdAt,
          video_url: link('video_output', video.output),
        })),
      };
    }),
  );
  return {
    exported_at: new Date().toISOString(),
    links_valid_seconds: SIGNED_URL_SECONDS,
    account: {
      id: user!.id,
      email: user!.email,
      name: user!.name,
      company_name: user!.companyName,
      number_of_employees: user!.numberOfEmployees,
      role: user!.jobRole,
      language: user!.language,
      created_at: user!.createdAt,
    },
    teams: teamsMade,
  };
}
