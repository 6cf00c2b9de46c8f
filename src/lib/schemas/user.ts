import { z } from 'zod';

export const roleSchema = z.enum(['ADMIN', 'USER', 'TEAM_MANAGER']);
export type Role = z.infer<typeof roleSchema>;

/** GET /v2/users/@me for a session. */
export const meSchema = z.object({
  name: z.string(),
  roles: z.array(roleSchema),
  my_teams: z.array(z.string()),
  my_steam_ids: z.array(z.string()),
});
export type Me = z.infer<typeof meSchema>;

/** GET /v2/users/@me with a team API key: the team the key belongs to. */
export const meTeamSchema = z.object({ tag: z.string(), name: z.string() });
export type MeTeam = z.infer<typeof meTeamSchema>;
