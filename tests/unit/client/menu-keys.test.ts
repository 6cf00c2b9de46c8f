import { describe, expect, it } from 'vitest';
import { focusTarget, menuMove, withSeries } from '#lib/client/menu-keys.ts';

describe('disclosure menu keys', () => {
  it('maps the arrow, Home, End and Escape keys and leaves the others alone', () => {
    expect(['ArrowDown', 'ArrowUp', 'Home', 'End', 'Escape', 'Tab', 'Enter', 'a'].map(menuMove)).toEqual([
      'next',
      'previous',
      'first',
      'last',
      'close',
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('moves the focus with wrap-around, starting from the toggle', () => {
    expect(focusTarget('next', -1, 3)).toBe(0);
    expect(focusTarget('previous', -1, 3)).toBe(2);
    expect(focusTarget('next', 2, 3)).toBe(0);
    expect(focusTarget('previous', 0, 3)).toBe(2);
    expect(focusTarget('next', 0, 3)).toBe(1);
    expect([focusTarget('first', 1, 3), focusTarget('last', 1, 3)]).toEqual([0, 2]);
    expect(focusTarget('next', -1, 0)).toBe(-1);
  });

  it('switches the series of the current address and keeps every other parameter', () => {
    expect(withSeries(new URL('http://site/teams?series=S3&inactiveOnly=true&utm=x#top'), 'S1')).toBe(
      '/teams?series=S1&inactiveOnly=true&utm=x#top',
    );
  });
});
