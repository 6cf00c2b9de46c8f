import { z } from 'zod';

/** Raised for an invalid environment; the message names every offending variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url({ message: 'must be an absolute URL such as https://example.org' }).optional());

const httpUrl = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .pipe(z.url({ protocol: /^https?$/, message: 'must be an absolute http(s) URL' }));

const environmentSchema = z.object({
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
      message: 'must start with postgres:// or postgresql://',
    }),
  PUBLIC_URL: optionalUrl,
  DISCORD_CLIENT_ID: z.string().trim().optional(),
  DISCORD_CLIENT_SECRET: z.string().trim().optional(),
  DISCORD_GUILD_ID: z.string().trim().regex(/^\d*$/, 'must be a numeric Discord id').optional(),
  DISCORD_OAUTH_URL: httpUrl('https://discord.com/oauth2/authorize'),
  DISCORD_API_URL: httpUrl('https://discord.com/api/v10'),
  STEAM_OPENID_URL: httpUrl('https://steamcommunity.com/openid/login'),
  ADMIN_DISCORD_IDS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .refine((ids) => ids.every((id) => /^\d+$/.test(id)), {
      message: 'must be a comma-separated list of numeric Discord ids',
    }),
  COMMUNITY_URL: optionalUrl,
  SUPPORT_URL: optionalUrl,
  SOURCE_URL: optionalUrl,
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(1024).default(25),
  DEMO_SEED: z.enum(['auto', 'off']).default('auto'),
  PROGRESS_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
  DEMO_SIGNIN: z.enum(['auto', 'on', 'off'], { error: "must be 'auto', 'on' or 'off'" }).default('auto'),
  READ_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  REQUEST_LOG: z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('on'),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  // Discord images are asked for at the size shown through this resizing host; empty: left as they are.
  ICON_RESIZE_URL: z
    .string()
    .trim()
    .default('https://media.discordapp.net')
    .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/, message: 'must be an http(s) URL or empty' })])),
  // Discord webhook URLs must start with this (tests point it at a fake Discord); the default also admits
  // discordapp.com, ptb.discord.com and canary.discord.com, the addresses Discord hands out.
  DISCORD_WEBHOOK_URL: httpUrl('https://discord.com/api/webhooks'),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(2_000),
  WEBHOOK_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(5),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});

export type Config = ReturnType<typeof toConfig>;

const ALL_INTERFACES = new Set(['0.0.0.0', '::', '[::]']);

/** True for 127.0.0.0/8, localhost and ::1: addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase();
  return name === 'localhost' || name === '::1' || name === '[::1]' || /^127(\.\d{1,3}){3}$/.test(name);
}

/**
 * Whether the demo sign-in (which hands out an admin session to anyone who asks) exists. It is decided by the
 * address visitors use, never by the listening address: a loopback HOST is exactly the reverse-proxy setup.
 * Only a plain-http loopback PUBLIC_URL (explicit, or the default of a loopback HOST) is local enough; a HOST on
 * every interface without PUBLIC_URL is reachable from the network even though its default PUBLIC_URL says
 * localhost. Throws for DEMO_SIGNIN=on anywhere else.
 */
function demoSignIn(env: z.infer<typeof environmentSchema>, publicUrl: string, discordConfigured: boolean): boolean {
  if (env.DEMO_SIGNIN === 'off') return false;
  const url = new URL(publicUrl);
  const local =
    url.protocol === 'http:' &&
    isLoopbackHost(url.hostname) &&
    (env.PUBLIC_URL !== undefined || !ALL_INTERFACES.has(env.HOST));
  if (env.DEMO_SIGNIN === 'on' && !local) {
    throw new ConfigError(
      `Invalid configuration:\n  DEMO_SIGNIN: 'on' gives anyone an admin session, so it needs PUBLIC_URL to be a ` +
        `loopback http address such as http://127.0.0.1:${env.PORT} (PUBLIC_URL is ${publicUrl}` +
        `${env.PUBLIC_URL === undefined ? `, the default for HOST=${env.HOST}` : ''}); unset DEMO_SIGNIN or set it to 'off'`,
    );
  }
  return local && (env.DEMO_SIGNIN === 'on' || !discordConfigured);
}

function toConfig(env: z.infer<typeof environmentSchema>) {
  const host = ALL_INTERFACES.has(env.HOST) ? 'localhost' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  const publicUrl = env.PUBLIC_URL ?? `http://${host}:${env.PORT}`;
  return {
    host: env.HOST,
    port: env.PORT,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    /** PostgreSQL only: longest a statement may run, and wait for a pooled connection (ms; 0: no limit). */
    databaseTimeouts: { statementMs: env.DB_STATEMENT_TIMEOUT_MS, acquireMs: env.DB_ACQUIRE_TIMEOUT_MS },
    publicUrl: publicUrl.replace(/\/+$/, ''),
    discord: {
      clientId: env.DISCORD_CLIENT_ID || undefined,
      clientSecret: env.DISCORD_CLIENT_SECRET || undefined,
      guildId: env.DISCORD_GUILD_ID || undefined,
      oauthUrl: env.DISCORD_OAUTH_URL,
      apiUrl: env.DISCORD_API_URL.replace(/\/+$/, ''),
    },
    /** Steam's OpenID 2.0 provider endpoint: a Steam sign-in proves a profile claim (services/steam-proof.ts). */
    steamOpenIdUrl: env.STEAM_OPENID_URL,
    adminDiscordIds: env.ADMIN_DISCORD_IDS,
    links: { community: env.COMMUNITY_URL, support: env.SUPPORT_URL, source: env.SOURCE_URL },
    sessionDays: env.SESSION_DAYS,
    maxUploadBytes: Math.round(env.MAX_UPLOAD_MB * 1024 * 1024),
    demoSeed: env.DEMO_SEED,
    /** Off a terminal, long jobs write a progress line this often (src/cli/progress.ts). */
    progressMs: Math.round(env.PROGRESS_SECONDS * 1000),
    /** The demo sign-in (/demo-login, /v2/auth/demo) exists; see demoSignIn(). */
    demoSignIn: demoSignIn(env, publicUrl, Boolean(env.DISCORD_CLIENT_ID)),
    trustProxy: env.TRUST_PROXY,
    readCacheSeconds: env.READ_CACHE_SECONDS,
    /** One JSON line per request on stdout (request-log.ts). */
    requestLog: env.REQUEST_LOG === 'on',
    /** Discord webhooks (services/webhooks/): accepted URL base and the delivery worker's retry policy. */
    webhooks: {
      urlBase: env.DISCORD_WEBHOOK_URL.replace(/\/+$/, ''),
      maxAttempts: env.WEBHOOK_MAX_ATTEMPTS,
      retryBaseMs: env.WEBHOOK_RETRY_BASE_MS,
      pollMs: Math.round(env.WEBHOOK_POLL_SECONDS * 1000),
    },
    iconResizeUrl: env.ICON_RESIZE_URL ? new URL(env.ICON_RESIZE_URL).origin : null,
  };
}

/** Validates the environment. Throws ConfigError naming each wrong variable and why. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
}

let cached: Config | undefined;

/** The process configuration, validated once from process.env. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
