/**
 * The words of a link preview: the description a chat shows under the title (the key numbers in words, joined by
 * ' · ', e.g. 'Ranked 3rd · score 28.41 · 14-3') and the image's alternative text. Numbers are worded by
 * #lib/format, as on the pages.
 */
import type { PreviewCard } from './cards.ts';
import { outcomeVerb } from '#lib/domain/results.ts';
import {
  calculationStatusLabel,
  formatCount,
  formatDate,
  formatDecimal,
  formatScore,
  ordinal,
} from '#lib/format/index.ts';

const GAME_LABELS = { competitive: 'competitive', event: 'event', friendly: 'friendly' } as const;

/** '1 match', '1,234 matches'. */
function counted(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** The key figures of a card as short phrases, most important first. */
export function cardFacts(card: PreviewCard): string[] {
  switch (card.kind) {
    case 'team':
      return [
        card.ranked ? `Ranked ${ordinal(card.rank)}` : 'Rank pending',
        `score ${formatScore(card.score)}`,
        `${card.wins}-${card.losses}`,
      ];
    case 'match': {
      const [winner, loser] = card.teams;
      const best = card.top[0];
      return [
        `${winner.tag} ${outcomeVerb(card.result)} ${loser.tag} ${card.result}`,
        card.map,
        formatDate(card.date),
        calculationStatusLabel(card.status),
        // A match without kills (a report without a log) has no top player to name.
        ...(best && best.kills > 0 ? [`top player ${best.name} (${counted(best.kills, 'kill', 'kills')})`] : []),
      ];
    }
    case 'player':
      return [
        ...(card.team ? [card.team] : []),
        card.game
          ? counted(card.matches, `${GAME_LABELS[card.game]} match`, `${GAME_LABELS[card.game]} matches`)
          : 'No rated matches yet',
        ...(card.kpm !== null ? [`${formatDecimal(card.kpm)} kills per minute`] : []),
      ];
    case 'tournament': {
      const leader = card.leaders[0];
      return [
        card.event ? 'Event' : 'League',
        counted(card.teams, 'team', 'teams'),
        counted(card.matches, 'match', 'matches'),
        ...(leader ? [`leader ${leader.tag} ${leader.wins}-${leader.losses}`] : []),
      ];
    }
    case 'home': {
      const first = card.top[0];
      return [
        card.name,
        counted(card.teams, 'team', 'teams'),
        counted(card.matches, 'match', 'matches'),
        ...(first ? [`1st ${first.tag} (score ${formatScore(first.score)})`] : []),
      ];
    }
  }
}

/** The page description: the facts joined by ' · '. */
export function cardDescription(card: PreviewCard): string {
  return cardFacts(card).join(' · ');
}

/** The image's alternative text: what it shows, in words. */
export function cardAlt(card: PreviewCard): string {
  switch (card.kind) {
    case 'team':
      return `${card.tag} ${card.name}: ${cardDescription(card)}, with the score's history`;
    case 'match':
      return `${card.teams[0].tag} versus ${card.teams[1].tag} on ${card.map}: ${cardDescription(card)}`;
    case 'player':
      return `${card.name}: ${cardDescription(card)}${card.skill ? ', with a radar of the four skills' : ''}`;
    case 'tournament':
      return `${card.name}: ${cardDescription(card)}`;
    case 'home':
      return `Hell Let Loose Skill System, ${cardDescription(card)}`;
  }
}
