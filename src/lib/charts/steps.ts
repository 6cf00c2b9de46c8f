/**
 * Cap-flip step chart geometry: how many sectors each side held over a match, from the objective captures
 * ("new_score" 'A-X' after each flip), as two step lines on 0..5 sectors.
 */
import { curveStepAfter, line, scaleLinear } from './d3.ts';
import { DEFAULT_FRAME, plotBox, round, type Box, type Frame, type Tick } from './frame.ts';

export interface CapFlipInput {
  /** Seconds from the start of the match. */
  at: number;
  side: 'Allies' | 'Axis';
  /** Sectors held after the flip, Allies first: '3-2'. */
  new_score: string;
}

/** One moment of the score: from `minute` on, Allies held `allies` and Axis `axis` sectors. */
export interface ScoreStep {
  minute: number;
  allies: number;
  axis: number;
  /** The side whose capture made this step (none for the start). */
  side: 'Allies' | 'Axis' | null;
}

/** '3-2' -> [3, 2]; anything else -> null. */
export function parseScore(score: string): [number, number] | null {
  const m = /^\s*([0-5])\s*[-:]\s*([0-5])\s*$/.exec(score);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * The score over time: the start score at minute 0, then one step per flip in time order (flips with an unreadable
 * score are skipped), then the last score held to the end of the match.
 */
export function scoreSteps(flips: readonly CapFlipInput[], durationMinutes: number, start = '2-2'): ScoreStep[] {
  const [a0, x0] = parseScore(start) ?? [2, 2];
  const steps: ScoreStep[] = [{ minute: 0, allies: a0, axis: x0, side: null }];
  for (const flip of [...flips].sort((p, q) => p.at - q.at)) {
    const score = parseScore(flip.new_score);
    if (!score) continue;
    steps.push({ minute: round(Math.max(0, flip.at) / 60), allies: score[0], axis: score[1], side: flip.side });
  }
  const last = steps.at(-1) as ScoreStep;
  const end = Math.max(durationMinutes, last.minute);
  if (end > last.minute) steps.push({ ...last, minute: round(end), side: null });
  return steps;
}

export interface StepsGeometry {
  box: Box;
  allies: string;
  axis: string;
  /** A marker per flip, on the line of the side that captured. */
  flips: { x: number; y: number; side: 'Allies' | 'Axis'; minute: number; score: string }[];
  xTicks: Tick[];
  yTicks: Tick[];
}

/** Step-line geometry of `steps` (from scoreSteps) over 0..5 sectors. */
export function stepsGeometry(steps: readonly ScoreStep[], frame: Frame = DEFAULT_FRAME): StepsGeometry {
  const box = plotBox(frame);
  const end = Math.max(1, steps.at(-1)?.minute ?? 1);
  const x = scaleLinear().domain([0, end]).range([box.x0, box.x1]);
  const y = scaleLinear().domain([0, 5]).range([box.y1, box.y0]);
  const path = (held: (s: ScoreStep) => number) =>
    line<ScoreStep>()
      .x((s) => x(s.minute))
      .y((s) => y(held(s)))
      .curve(curveStepAfter)
      .digits(2)([...steps]) ?? '';
  return {
    box,
    allies: path((s) => s.allies),
    axis: path((s) => s.axis),
    flips: steps
      .filter((s): s is ScoreStep & { side: 'Allies' | 'Axis' } => s.side !== null)
      .map((s) => ({
        x: round(x(s.minute)),
        y: round(y(s.side === 'Allies' ? s.allies : s.axis)),
        side: s.side,
        minute: s.minute,
        score: `${s.allies}-${s.axis}`,
      })),
    xTicks: x.ticks(6).map((m) => ({ at: round(x(m)), label: `${m}` })),
    yTicks: [0, 1, 2, 3, 4, 5].map((v) => ({ at: round(y(v)), label: String(v) })),
  };
}
