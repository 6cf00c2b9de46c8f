import type { Config } from '#lib/server/config.ts';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** The demo identities: fixed fake Discord ids that no real account has. */
export const DEMO_USERS = {
  admin: { discordId: '000000000000000001', name: 'Demo Admin' },
  manager: { discordId: '000000000000000002', name: 'Demo Manager' },
  user: { discordId: '000000000000000003', name: 'Demo User' },
} as const;
export type DemoRole = keyof typeof DEMO_USERS;

/**
 * Demo sign-in is available only when Discord is not configured AND the server listens on loopback only,
 * so that it can never be switched on for a public address.
 */
export function isDemoEnabled(config: Config): boolean {
  return !config.discord.clientId && LOOPBACK_HOSTS.has(config.host.toLowerCase());
}
