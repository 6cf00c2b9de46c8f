import { describe, expect, it } from 'vitest';
import {
  matchDisputedMessage,
  matchPostedMessage,
  NEUTRAL_COLOUR,
  SIDE_COLOURS,
  type MatchFacts,
} from '#lib/server/services/webhooks/messages.ts';
import { escapeDiscord } from '#lib/server/services/webhooks/markdown.ts';

const FACTS: MatchFacts = {
  id: 833,
  series: 'S2',
  title: null,
  type: 'competitive',
  map: 'carentan',
  date: new Date('2026-03-12T18:00:00Z'),
  result: '4-1',
  victorSide: 'Allies',
  winner: { tag: '[GL219]', name: 'Glory' },
  loser: { tag: '[CVC]', name: null },
  winnerRating: { before: { mu: 25, sigma: 8.333 }, after: { mu: 28.1, sigma: 7.2 } },
  // The loser's mean falls while its score (mu - 3 sigma) rises: the case readers found puzzling.
  loserRating: { before: { mu: 25, sigma: 8.333 }, after: { mu: 22.1, sigma: 6.1 } },
};

const embedOf = (facts: MatchFacts) => matchPostedMessage(facts, 'https://hll.example').embeds[0]!;
const field = (facts: MatchFacts, name: string) => embedOf(facts).fields.find((f) => f.name === name)?.value;

/** WCAG relative luminance of a 0xRRGGBB colour. */
function luminance(colour: number): number {
  const channel = (shift: number) => {
    const c = ((colour >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}
const contrast = (a: number, b: number) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('Discord match messages', () => {
  it('show tags as the teams write them, with single brackets', () => {
    const embed = embedOf(FACTS);
    expect(embed.title).toBe('[GL219] Glory beat [CVC] 4-1');
    expect(JSON.stringify(embed)).not.toContain('[[');
    expect(matchDisputedMessage(FACTS, 'https://hll.example').embeds[0]!.title).toBe(
      'Disputed: [GL219] Glory vs [CVC] 4-1',
    );
  });

  it('word each rating change as the mean and the score, and say why a loser’s score can rise', () => {
    expect(field(FACTS, 'Rating changes')?.split('\n')).toEqual([
      '[GL219]: mean 25.00 → 28.10 (+3.10) · score 0.00 → 6.50 (+6.50)',
      '[CVC]: mean 25.00 → 22.10 (\u22122.90) · score 0.00 → 3.80 (+3.80)',
      'Score = mean − 3 × uncertainty: it can rise after a loss, as each match makes the rating more certain.',
    ]);
    const plain: MatchFacts = {
      ...FACTS,
      loserRating: { before: { mu: 25, sigma: 2 }, after: { mu: 24, sigma: 2 } },
    };
    expect(field(plain, 'Rating changes')?.split('\n')).toHaveLength(2);
    expect(field({ ...FACTS, winnerRating: null, loserRating: null }, 'Rating changes')).toBeUndefined();
  });

  it('read a draw as a draw, in the neutral colour', () => {
    const draw = embedOf({ ...FACTS, result: '2-2', victorSide: 'Axis' });
    expect(draw.title).toBe('[GL219] Glory drew with [CVC] 2-2');
    expect(draw.fields.find((f) => f.name === 'Result')?.value).toBe('2-2 (draw) on Carentan');
    expect(draw.color).toBe(NEUTRAL_COLOUR);
    expect(embedOf(FACTS).fields.find((f) => f.name === 'Result')?.value).toBe('4-1 (Allies victory) on Carentan');
  });

  it('use colours that stand out on Discord’s dark and light embed backgrounds', () => {
    for (const colour of [SIDE_COLOURS.Allies, SIDE_COLOURS.Axis, NEUTRAL_COLOUR]) {
      expect(contrast(colour, 0x2b2d31), colour.toString(16)).toBeGreaterThanOrEqual(3);
      expect(colour, colour.toString(16)).toBeGreaterThan(0); // 0 is "no colour" to Discord
    }
    expect(embedOf(FACTS).color).toBe(SIDE_COLOURS.Allies);
  });
});

/** The text a Discord reader sees: markdown escapes consumed, as Discord does. */
const shown = (text: string) => text.replace(/\\(.)/g, '$1');

// The probe: the reporter's match title went verbatim into the community's channel, where masked links and
// formatting rendered.
describe('user text in Discord messages', () => {
  it('escapes markdown, masked links and bare addresses, and reads back as typed', () => {
    for (const text of [
      '[Free nitro](https://evil.example/x)',
      '**bold** __under__ ~~strike~~ ||spoiler||',
      '# Heading\n> quote `code` @everyone <@123>',
      'https://evil.example/phish',
    ]) {
      const escaped = escapeDiscord(text);
      expect(escaped).not.toMatch(/(^|[^\\])(\*|_|~|\||`|@|<|\(|\))/);
      expect(escaped).not.toMatch(/^[#>-]/);
      expect(escaped).not.toMatch(/[^\\]:\/\//);
      expect(escaped).not.toMatch(/\n/);
      expect(shown(escaped)).toBe(text.replace(/\n/g, ' '));
    }
  });

  it('posts a hostile title, team name and map escaped, the site’s own words untouched', () => {
    const hostile: MatchFacts = {
      ...FACTS,
      title: '[Click here](https://evil.example) **now**',
      winner: { tag: '[A_B]', name: '||Alpha|| [x](https://evil.example)' },
      map: '# Carentan',
    };
    for (const message of [
      matchPostedMessage(hostile, 'https://stats.example'),
      matchDisputedMessage(hostile, 'https://stats.example'),
    ]) {
      const embed = message.embeds[0]!;
      expect(embed.description).toContain('[Click here]\\(https\\://evil.example\\) \\*\\*now\\*\\*');
      expect(embed.title).toContain('[A\\_B] \\|\\|Alpha\\|\\| [x]\\(https\\://evil.example\\)');
      expect(embed.fields[0]!.value).toContain('on \\# Carentan');
      expect(embed.url).toBe('https://stats.example/statistics/matches/833?series=S2');
      expect(message.allowed_mentions).toEqual({ parse: [] });
    }
  });
});
