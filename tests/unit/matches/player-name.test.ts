import { describe, expect, it } from 'vitest';
import { playerNameHtml } from '#components/match/scoreboard-columns.ts';
import { parseHtml } from '#tests/helpers/dom.ts';

describe('playerNameHtml', () => {
  it('links the name to its details and marks streamers and defensive players in words', () => {
    const doc = parseHtml(
      playerNameHtml('Ana', '/statistics/matches/7?player=1&series=S1#player-details', {
        stream: 'https://twitch.tv/ana?x=1&y="2"',
        streamer: true,
        defensive: true,
      }),
    );
    const [name, stream] = doc.all('.player > a');
    expect(name?.attrs['href']).toBe('/statistics/matches/7?player=1&series=S1#player-details');
    expect(name?.text).toBe('Ana');
    const defensive = doc.one('span.mark');
    expect(stream?.attrs['href']).toBe('https://twitch.tv/ana?x=1&y="2"');
    expect(stream?.attrs['rel']).toBe('noopener noreferrer nofollow');
    expect(stream?.attrs['class']).toBe('mark');
    expect(stream?.text).toBe('Streamer');
    expect(defensive?.text).toBe('Defensive');
  });

  it('prints a streamer without a stream unlinked, no marks when none apply, and escapes the name', () => {
    const marked = parseHtml(playerNameHtml('Bo', '/d', { stream: null, streamer: true, defensive: false }));
    expect(marked.all('a')).toHaveLength(1);
    expect(marked.one('span.mark').text).toBe('Streamer');
    const plain = parseHtml(
      playerNameHtml('<img src=x onerror=alert(1)>', '/d', { stream: null, streamer: false, defensive: false }),
    );
    expect(plain.all('img, .mark')).toHaveLength(0);
    expect(plain.one('.player > a').text).toBe('<img src=x onerror=alert(1)>');
  });
});
