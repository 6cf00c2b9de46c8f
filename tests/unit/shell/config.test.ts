import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '#lib/server/config.ts';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 4321,
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://127.0.0.1:4321',
    });
    expect(config.discord.apiUrl).toBe('https://discord.com/api/v10');
    expect(config.maxUploadBytes).toBe(25 * 1024 * 1024);
  });

  it('reads every variable', () => {
    const config = parseConfig({
      HOST: '0.0.0.0',
      PORT: '8080',
      DATA_DIR: '/srv/hss',
      DATABASE_URL: 'postgres://u:p@db/hss',
      PUBLIC_URL: 'https://hll.example.org/',
      ADMIN_DISCORD_IDS: '123456, 789012',
      COMMUNITY_URL: 'https://discord.gg/abc',
      DISCORD_CLIENT_ID: 'id',
      DISCORD_GUILD_ID: '42',
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://hll.example.org');
    expect(config.adminDiscordIds).toEqual(['123456', '789012']);
    expect(config.links.community).toBe('https://discord.gg/abc');
    expect(config.discord.guildId).toBe('42');
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/x' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'not a url' }],
    ['ADMIN_DISCORD_IDS', { ADMIN_DISCORD_IDS: 'alice' }],
    ['DISCORD_API_URL', { DISCORD_API_URL: 'ftp://discord' }],
    ['MAX_UPLOAD_MB', { MAX_UPLOAD_MB: '-1' }],
  ])('names %s when its value is wrong', (name, env) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });
});

describe('client key for rate limits', () => {
  it('uses the socket address unless the proxy is trusted', async () => {
    const { clientKey } = await import('#lib/server/core/rate-limit.ts');
    const request = new Request('http://x/', { headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' } });
    // getConfig() reads process.env once; TRUST_PROXY is unset in tests.
    expect(clientKey('127.0.0.1', request)).toBe('127.0.0.1');
    expect(clientKey(undefined)).toBe('unknown');
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseConfig({}).trustProxy).toBe(false);
  });
});
