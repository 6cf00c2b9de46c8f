import { describe, expect, it } from 'vitest';
import { render } from '#tests/helpers/render.ts';
import RatingChart from '#components/charts/RatingChart.astro';
import BarChart from '#components/charts/BarChart.astro';
import RadarChart from '#components/charts/RadarChart.astro';
import KillTimeline from '#components/charts/KillTimeline.astro';
import CapFlipChart from '#components/charts/CapFlipChart.astro';
import { CHART_FAILED } from '#lib/charts/messages.ts';

const FAILED = "The data couldn't be fetched. Try again later.";

const rating = [
  { date: '2026-01-01T00:00:00Z', mu: 25, sigma: 8, score: 1 },
  { date: '2026-01-11T00:00:00Z', mu: 27.5, sigma: 6, score: 9.5 },
];
const sides = [
  { key: 'allies', label: 'Allies', tone: 'allies' as const },
  { key: 'axis', label: 'Axis', tone: 'axis' as const },
];

describe('every chart', () => {
  const cases = [
    ['rating', RatingChart, { id: 'r', subject: '[7DR]' }],
    [
      'bars',
      BarChart,
      {
        id: 'b',
        title: 'Win rates',
        description: 'd',
        series: sides,
        format: 'percent',
        groupLabel: 'Map',
        xLabel: 'Win rate',
      },
    ],
    ['radar', RadarChart, { id: 'k' }],
    ['timeline', KillTimeline, { id: 't', title: 'Kills', what: 'Kills' }],
    ['cap flips', CapFlipChart, { id: 'c' }],
  ] as const;

  it.each(cases)(
    '%s shows the catalogue message instead of a chart when its data failed',
    async (_, component, props) => {
      const page = await render(component, {
        props: { ...props, data: { error: 'HTTP request failed with status code: 500' } },
      });
      expect(CHART_FAILED).toBe(FAILED);
      expect(page.one('.chart-message').text).toBe(FAILED);
      expect(page.all('svg')).toHaveLength(0);
      expect(page.all('details')).toHaveLength(0);
    },
  );
});

describe('RatingChart', () => {
  it('is an image named by its title and description, with axis labels and a data table', async () => {
    const page = await render(RatingChart, {
      props: { id: 'rating', subject: '[7DR] 7th Dragoons', data: { ok: rating } },
    });
    // Drawn twice: for a phone (280 units wide, three ticks) and from 480 px on; ChartFigure shows the one that fits.
    expect(page.all('svg').map((svg) => [svg.attrs['class'], svg.attrs['viewBox']])).toEqual([
      ['chart-svg narrow', '0 0 280 200'],
      ['chart-svg wide', '0 0 480 260'],
    ]);
    const svg = page.one('svg.wide');
    expect(svg.attrs['role']).toBe('img');
    expect(svg.attrs['aria-labelledby']).toBe('rating-wide-title rating-wide-desc');
    expect(page.one('title#rating-wide-title').text).toBe('Rating history of [7DR] 7th Dragoons');
    expect(page.one('desc#rating-wide-desc').text).toBe(
      '2 rated matches from Jan 1, 2026 to Jan 11, 2026. Latest: mu 27.50, sigma 6.00, score 9.50.',
    );
    expect(page.one('desc#rating-narrow-desc').text).toBe(page.one('desc#rating-wide-desc').text);
    expect(svg.all('.axis-label').map((t) => t.text)).toEqual(['Date', 'Rating']);
    expect(svg.all('path').length).toBe(3);
    expect(page.one('svg.narrow').all('.axis-text').length).toBeLessThan(svg.all('.axis-text').length);
    expect(page.one('details summary').text).toBe('Data table');
    expect(page.all('tbody tr').map((tr) => tr.all('td').map((td) => td.text))).toEqual([
      ['Jan 1, 2026', '25.00', '8.00', '1.00'],
      ['Jan 11, 2026', '27.50', '6.00', '9.50'],
    ]);
    expect(page.all('.legend li').map((li) => li.text)).toEqual([
      'Mu (skill estimate)',
      'Mu ± sigma (uncertainty)',
      'Score (mu − 3 sigma)',
    ]);
    expect(page.all('script')).toHaveLength(0);
  });
  it('says so when there is no history', async () => {
    const page = await render(RatingChart, { props: { id: 'r', subject: 'X', data: { ok: [] } } });
    expect(page.one('.chart-message').text).toBe('No rated matches yet.');
  });
});

describe('BarChart', () => {
  it('prints every value and names the sides in the legend', async () => {
    const page = await render(BarChart, {
      props: {
        id: 'wr',
        title: 'Win rates by map',
        description: 'Share of decided matches won by each side.',
        data: { ok: [{ label: 'Carentan', values: [0.6, 0.4] }] },
        series: sides,
        format: 'percent',
        groupLabel: 'Map',
        xLabel: 'Win rate',
      },
    });
    const wide = page.one('svg.wide');
    expect(wide.all('rect').length).toBe(2);
    expect(wide.all('.value-text').map((t) => t.text)).toEqual(['60%', '40%']);
    expect(
      page
        .one('svg.narrow')
        .all('.value-text')
        .map((t) => t.text),
    ).toEqual(['60%', '40%']);
    expect(page.all('.legend li').map((li) => li.text)).toEqual(['Allies', 'Axis']);
    expect(page.all('thead th').map((th) => th.text)).toEqual(['Map', 'Allies', 'Axis']);
    expect(wide.all('rect title').map((t) => t.text)).toEqual(['Carentan, Allies: 60%', 'Carentan, Axis: 40%']);
  });
});

describe('RadarChart', () => {
  it('draws one polygon per player over the four skill axes', async () => {
    const page = await render(RadarChart, {
      props: { id: 'skill', data: { ok: [{ name: 'Able', values: [1, -0.5, 0.25, 2] }] } },
    });
    const wide = page.one('svg.wide');
    // The rings are its scale (standard scores), then the axes.
    expect(wide.all('.axis-text').map((t) => t.text)).toEqual([
      '−2',
      '0',
      '+2',
      'Kills/min',
      'Deaths/min (inv.)',
      'Support/min',
      'Combat/min',
    ]);
    expect(
      page
        .one('svg.narrow')
        .all('.axis-text')
        .map((t) => t.text),
    ).toEqual(['−2', '0', '+2', 'Kills', 'Deaths (inv.)', 'Support', 'Combat']);
    expect(wide.all('circle')).toHaveLength(4);
    expect(page.all('.legend li').map((li) => li.text)).toEqual([
      'Able',
      'Average player (0); rings at −2, 0 and +2 standard scores',
    ]);
    expect(page.all('tbody tr').map((tr) => tr.all('td').map((td) => td.text))).toEqual([
      ['Kills per minute', '1.00'],
      ['Deaths per minute (inverted)', '-0.50'],
      ['Support per minute', '0.25'],
      ['Combat per minute', '2.00'],
    ]);
  });
});

describe('KillTimeline', () => {
  const data = {
    ok: {
      durationMinutes: 20,
      series: [
        { label: 'Allies', tone: 'allies' as const, times: [30, 400, 900] },
        { label: 'Axis', tone: 'axis' as const, times: [1000] },
      ],
    },
  };
  it('buckets by the interval of the URL and links the other sizes, keeping parameters', async () => {
    const page = await render(KillTimeline, {
      props: { id: 'kills', title: 'Kills over time', what: 'Kills', data },
      url: 'http://localhost/statistics/matches/5?series=S3&interval=10',
    });
    expect(page.all('tbody tr').map((tr) => tr.all('td').map((td) => td.text))).toEqual([
      ['0–10', '2', '0'],
      ['10–20', '1', '1'],
    ]);
    expect(page.all('nav a').map((a) => [a.text, a.attrs['href'], a.attrs['aria-current']])).toEqual([
      ['5 min', '/statistics/matches/5?series=S3', undefined],
      ['10 min', '/statistics/matches/5?series=S3&interval=10', 'true'],
      ['15 min', '/statistics/matches/5?series=S3&interval=15', undefined],
    ]);
    expect(page.one('svg.wide desc').text).toBe('Kills per 10 minutes. Totals: Allies 3, Axis 1.');
  });
});

describe('CapFlipChart', () => {
  it('lists every capture with the side that made it', async () => {
    const page = await render(CapFlipChart, {
      props: {
        id: 'caps',
        data: { ok: { durationMinutes: 30, flips: [{ at: 300, side: 'Axis', new_score: '1-3' }] } },
      },
    });
    expect(page.one('svg.wide desc').text).toBe('1 capture. Final sectors: Allies 1, Axis 3.');
    expect(page.all('tbody tr').map((tr) => tr.all('td').map((td) => td.text))).toEqual([['5.0', 'Axis', '1-3']]);
    expect(page.all('.legend li').map((li) => li.text)).toEqual(['Allies', 'Axis']);
  });
  it('says so when no flips were recorded', async () => {
    const page = await render(CapFlipChart, {
      props: { id: 'caps', data: { ok: { durationMinutes: 30, flips: [] } } },
    });
    expect(page.one('.chart-message').text).toBe('No cap flips were recorded for this match.');
  });
});
