import type { Config } from '#lib/server/config.ts';

/** The demo identities: fixed fake Discord ids that no real account has. */
export const DEMO_USERS = {
  admin: { discordId: '000000000000000001', name: 'Demo Admin' },
  manager: { discordId: '000000000000000002', name: 'Demo Manager' },
  user: { discordId: '000000000000000003', name: 'Demo User' },
} as const;
export type DemoRole = keyof typeof DEMO_USERS;

/**
 * Demo sign-in is available only while visitors reach the site on a loopback http address (PUBLIC_URL) and
 * Discord is not configured, or DEMO_SIGNIN=on on such an address; `off` turns it off (config.ts decides).
 */
export function isDemoEnabled(config: Config): boolean {
  return config.demoSignIn;
}
