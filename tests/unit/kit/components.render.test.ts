import { describe, expect, it } from 'vitest';
import { render } from '#tests/helpers/render.ts';
import Card from '#components/kit/Card.astro';
import ErrorBanner from '#components/kit/ErrorBanner.astro';
import EmptyState from '#components/kit/EmptyState.astro';
import TeamBadge from '#components/kit/TeamBadge.astro';
import TeamIcon from '#components/kit/TeamIcon.astro';
import StatusBadge from '#components/kit/StatusBadge.astro';
import Rank from '#components/kit/Rank.astro';
import Score from '#components/kit/Score.astro';
import DateTime from '#components/kit/DateTime.astro';
import SideLabel from '#components/kit/SideLabel.astro';
import Tabs from '#components/kit/Tabs.astro';
import Pager from '#components/kit/Pager.astro';

describe('Card', () => {
  it('is a section named by its heading, with its actions', async () => {
    const page = await render(Card, {
      props: { title: 'Top 5 rankings', id: 'rankings' },
      slots: { default: '<p>body</p>', actions: '<a href="/teams">All teams</a>' },
    });
    const section = page.one('section');
    expect(section.attrs['id']).toBe('rankings');
    expect(section.attrs['aria-labelledby']).toBe('rankings-title');
    expect(page.one('h2#rankings-title').text).toBe('Top 5 rankings');
    expect(page.one('.actions a').attrs['href']).toBe('/teams');
  });
  it('renders an h3 at level 3 and no actions box without actions', async () => {
    const page = await render(Card, { props: { title: 'Per map', level: 3 } });
    expect(page.one('h3').text).toBe('Per map');
    expect(page.all('.actions')).toHaveLength(0);
  });
  it('marks a card below the fold as deferred, with its estimated height, and only that one', async () => {
    const deferred = await render(Card, { props: { title: 'Players', deferred: true, estimate: '55rem' } });
    expect(deferred.one('section').attrs['class']).toContain('deferred');
    expect(deferred.one('section').attrs['style']).toBe('--card-estimate: 55rem');
    const plain = await render(Card, { props: { title: 'Players' } });
    expect(plain.one('section').attrs['class']).not.toContain('deferred');
    expect(plain.one('section').attrs['style']).toBeUndefined();
  });
});

describe('ErrorBanner and EmptyState', () => {
  it('announce a failure in words', async () => {
    const page = await render(ErrorBanner, { props: { message: 'Could not load top teams. Error: Not found' } });
    expect(page.one('[role=alert]').text).toBe('Could not load top teams. Error: Not found');
  });
  it('say why a list is empty', async () => {
    const page = await render(EmptyState, {
      props: { title: 'No teams', text: 'There are no registered teams, yet' },
      slots: { default: '<a href="/teams/request">Request team registration</a>' },
    });
    expect(page.text).toBe('No teams There are no registered teams, yet Request team registration');
  });
});

describe('TeamIcon', () => {
  it('loads a Discord icon through the configured resizing host at its size, over the initials', async () => {
    const page = await render(TeamIcon, {
      props: { tag: '[7DR]', icon: 'https://cdn.discordapp.com/icons/1/a.png', size: 48 },
      shell: { iconResizeUrl: 'https://resize.example.org' },
    });
    const img = page.one('img');
    expect(img.attrs['src']).toBe('https://resize.example.org/icons/1/a.png?width=48&height=48');
    expect(img.attrs['width']).toBe('48');
    expect(img.attrs['alt']).toBe('');
    expect(page.one('.initials').text).toBe('7D');
    expect(page.one('.team-icon').attrs['class']).toContain('large');
  });
  it('shows only the initials without an icon or with an unsafe one', async () => {
    for (const icon of [null, 'javascript:alert(1)']) {
      const page = await render(TeamIcon, { props: { tag: 'ab', icon, size: 24 } });
      expect(page.all('img')).toHaveLength(0);
      expect(page.one('.initials').text).toBe('AB');
      expect(page.one('.team-icon').attrs['aria-hidden']).toBe('true');
    }
  });
});

describe('TeamBadge', () => {
  it('links icon and tag to the team page and prints the name', async () => {
    const page = await render(TeamBadge, {
      props: { team: { tag: '[7DR]', name: '7th Dragoons', icon: null }, href: '/teams/%5B7DR%5D?series=S3' },
    });
    const link = page.one('a');
    expect(link.attrs['href']).toBe('/teams/%5B7DR%5D?series=S3');
    expect(link.text).toBe('7D [7DR]');
    expect(page.one('.name').text).toBe('7th Dragoons');
    expect(page.all('.flag')).toHaveLength(0);
  });
  it("shows an unregistered team by its tag only, flagged 'unregistered', linking nowhere", async () => {
    const page = await render(TeamBadge, {
      props: { team: { tag: 'RND', name: 'ignored', registered: false }, href: '/teams/RND' },
    });
    expect(page.all('a')).toHaveLength(0);
    expect(page.all('.team-icon')).toHaveLength(0);
    expect(page.text).toBe('RND unregistered');
  });
  it("is a team page's h1 of tag and name, the icon beside it and no link", async () => {
    const page = await render(TeamBadge, {
      props: { team: { tag: '[7DR]', name: '7th Dragoons', icon: null }, size: 48, heading: true },
    });
    expect(page.one('h1').text).toBe('[7DR] 7th Dragoons');
    expect(page.all('h1 .team-icon')).toHaveLength(0);
    expect(page.one('.team-icon').attrs['class']).toContain('large');
    expect(page.all('a')).toHaveLength(0);
  });
});

describe('StatusBadge', () => {
  it.each([
    ['posted', 'Posted', 'success'],
    ['pending', 'Pending approval', 'warning'],
    ['queued', 'Queued', 'info'],
    ['skipped', 'Friendly', 'neutral'],
    ['disputed', 'Disputed by opponent', 'danger'],
    ['processing', 'Processing', 'info'],
    ['something-new', 'Processing', 'info'],
  ])('%s reads %j', async (status, label, tone) => {
    const page = await render(StatusBadge, { props: { status } });
    const badge = page.one('.status-badge');
    expect(badge.text).toBe(label);
    expect(badge.attrs['class']).toContain(tone);
  });
});

describe('Rank, Score, DateTime, SideLabel', () => {
  it('prints ordinals or pending', async () => {
    expect((await render(Rank, { props: { rank: 13, ranking: 'ranked' } })).text).toBe('13th');
    expect((await render(Rank, { props: { rank: 13, ranking: 'pending' } })).text).toBe('pending');
  });
  it("prints scores with 2 decimals or '0'", async () => {
    expect((await render(Score, { props: { score: 31.559 } })).text).toBe('31.56');
    expect((await render(Score, { props: { score: null } })).text).toBe('0');
  });
  it('puts the full timestamp in <time datetime>', async () => {
    const page = await render(DateTime, { props: { date: '2026-03-12T18:05:00+02:00' } });
    const time = page.one('time');
    expect(time.attrs['datetime']).toBe('2026-03-12T16:05:00.000Z');
    expect(time.attrs['title']).toBe('Mar 12, 2026, 16:05 UTC');
    expect(time.text).toBe('Mar 12, 2026');
    expect((await render(DateTime, { props: { date: 'garbage' } })).text).toBe('–');
    expect((await render(DateTime, { props: { date: new Date(0), withTime: true } })).text).toBe(
      'Jan 1, 1970, 00:00 UTC',
    );
  });
  it('always prints the side name next to its colour', async () => {
    const page = await render(SideLabel, { props: { side: 'Allies' } });
    expect(page.text).toBe('Allies');
    expect(page.one('.swatch').attrs['class']).toContain('allies');
  });
});

describe('Tabs', () => {
  it('renders the tabs as links with the current one marked', async () => {
    const tabs = [
      { id: 'a', label: 'Overview', href: '/teams/X', current: false },
      { id: 'b', label: 'Matches', href: '/teams/X?tab=matches', current: true },
    ];
    const page = await render(Tabs, { props: { tabs, label: 'Team sections' } });
    expect(page.one('nav').attrs['aria-label']).toBe('Team sections');
    expect(page.all('a').map((a) => [a.text, a.attrs['href'], a.attrs['aria-current']])).toEqual([
      ['Overview', '/teams/X', undefined],
      ['Matches', '/teams/X?tab=matches', 'page'],
    ]);
  });
  it('renders nothing for a single tab', async () => {
    const page = await render(Tabs, {
      props: { tabs: [{ id: 'a', label: 'A', href: '/', current: true }], label: 'x' },
    });
    expect(page.all('nav')).toHaveLength(0);
  });
});

describe('Pager', () => {
  it("shows '1–10 of 1,234' and links that keep the page's parameters", async () => {
    const page = await render(Pager, {
      props: { paging: { page: 0, pageSize: 10 }, total: 1234, options: { defaultPageSize: 10 }, label: 'Pages' },
      url: 'http://localhost/statistics/matches?series=S3&filter=x',
    });
    expect(page.one('.summary').text).toBe('1–10 of 1,234');
    expect(page.one('a[rel=next]').attrs['href']).toBe('/statistics/matches?series=S3&filter=x&page=1');
    expect(page.all('a[rel=prev]')).toHaveLength(0);
    expect(page.one('[aria-current=page]').text).toBe('1');
    expect(page.all('.pages a').map((a) => a.text)).toEqual(['1', '2', '124', 'Next']);
    expect(page.one('a[aria-label="25 per page"]').attrs['href']).toBe(
      '/statistics/matches?series=S3&filter=x&pageSize=25',
    );
  });
  it('shows only the summary when everything fits', async () => {
    const page = await render(Pager, {
      props: { paging: { page: 0, pageSize: 10 }, total: 7, options: { defaultPageSize: 10 }, label: 'Pages' },
    });
    expect(page.one('.summary').text).toBe('1–7 of 7');
    expect(page.all('a')).toHaveLength(0);
  });
});
