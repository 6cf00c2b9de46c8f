import { useState, type MouseEvent } from 'react';
import { refreshStatistics, type StatisticsStamp } from '#lib/client/refresh-statistics.ts';

export interface RefreshStatisticsProps {
  series: string;
  /** The counts and last update of the statistics the page was rendered from (null: none were shown). */
  shown: StatisticsStamp | null;
  /** This page's address: without JavaScript the link simply loads it again. */
  href: string;
}

/**
 * 'Refresh' for the win-rate page: without JavaScript a link to the page itself; with it, from the first click (held
 * by client:engage while the island loads), it reads the statistics through the API with the 'Loading statistics'
 * notice and reloads the page only when they changed.
 */
export default function RefreshStatistics({ series, shown, href }: RefreshStatisticsProps) {
  const [busy, setBusy] = useState(false);
  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const outcome = await refreshStatistics(series, shown);
    if (outcome === 'changed') window.location.reload();
    else setBusy(false);
  };
  return (
    <a
      className="button secondary"
      href={href}
      onClick={onClick}
      aria-disabled={busy || undefined}
      // The first click, which wakes the island, is held for it (client:engage) instead of reloading the page.
      data-script-click=""
    >
      {busy ? 'Refreshing…' : 'Refresh'}
    </a>
  );
}
