import type { MapSectors, MatchRef } from '#lib/client/match-edits.ts';
import type { CapFlip } from '#lib/matches/cap-flips.ts';
import type { TournamentChoice } from '#lib/matches/match-edits.ts';
import { CapFlipsForm } from './CapFlipsForm.tsx';
import { LayoutForm } from './LayoutForm.tsx';
import { StreamsForm } from './StreamsForm.tsx';
import { TournamentForm } from './TournamentForm.tsx';
import '#islands/shared/controls.css';
import '#islands/shared/island-form.css';
import './match-edits.css';

export interface MatchEditsProps {
  series: string;
  matchId: number;
  mapName: string;
  durationMinutes: number;
  tournament: string | null;
  tournaments: TournamentChoice[];
  capFlips: CapFlip[];
  streams: Record<string, string>;
  layout: unknown[];
  caps: MapSectors | null;
}

/**
 * The match edits for either team's managers and admins: tournament, cap flips, layout (on the map's sectors) and
 * streams, each a form of its own inside one disclosure. Every form works as server-rendered HTML until the first
 * interaction hydrates it; the server checks every edit again. A saved edit is announced and the page's sections
 * are read again.
 */
export default function MatchEdits(props: MatchEditsProps) {
  const ref: MatchRef = { series: props.series, matchId: props.matchId };
  return (
    <details className="match-edits">
      <summary>
        <span className="title">Edit match</span>
        <span className="muted">Tournament, cap flips, layout and streams</span>
      </summary>
      <div className="editors">
        <TournamentForm refTo={ref} current={props.tournament} tournaments={props.tournaments} />
        <StreamsForm refTo={ref} current={props.streams} />
        <CapFlipsForm
          refTo={ref}
          capFlips={props.capFlips}
          durationMinutes={props.durationMinutes}
          caps={props.caps}
          layout={props.layout}
        />
        <LayoutForm refTo={ref} mapName={props.mapName} caps={props.caps} layout={props.layout} />
      </div>
    </details>
  );
}
