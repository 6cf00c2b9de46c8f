/**
 * The progress of long jobs (#lib/server/progress.ts) as people and CI logs read it. On a terminal, cli-progress
 * draws one line redrawn in place: what, a bar, how far, time spent and left. Elsewhere (a pipe, a CI log) a plain
 * line of the same words when a step starts and then every `intervalMs` while it goes on. Either way a closing line
 * gives the total. Plain lines are written when the work reports progress as well as by a timer: the embedded
 * database works on this thread, and a timer waits for it.
 */
import cliProgress from 'cli-progress';
import type { Progress, ProgressStep } from '#lib/server/progress.ts';

export interface TerminalProgressOptions {
  /** Where lines go (default stderr: stdout stays the command's result). */
  stream?: NodeJS.WriteStream;
  /** Not on a terminal: time between plain lines (read when a step starts). */
  intervalMs: number | (() => number);
}

const seconds = (ms: number) => (ms < 10_000 ? (ms / 1000).toFixed(1) : String(Math.round(ms / 1000)));
const count = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: n < 100 ? 1 : 0 });

/** Time left at the pace so far, in words. */
function timeLeft(elapsedMs: number, value: number, total: number): string {
  if (value >= total) return 'finishing';
  if (value <= 0 || elapsedMs < 500) return 'time left unknown yet';
  return `about ${seconds((elapsedMs * (total - value)) / value)} s left`;
}

/** How far a step has come, in words: `12/40 teams (30%), 1.5 s, about 3.5 s left`. */
function howFar(value: number, total: number, unit: string, elapsedMs: number): string {
  const percent = total > 0 ? Math.floor((100 * Math.min(value, total)) / total) : 100;
  return `${count(value)}/${count(total)} ${unit} (${percent}%), ${seconds(elapsedMs)} s, ${timeLeft(elapsedMs, value, total)}`;
}

/** A step drawn on a terminal by cli-progress; returns what to call as it goes and when it ends. */
function drawnStep(stream: NodeJS.WriteStream, what: string, total: number, unit: string) {
  const started = Date.now();
  const bar = new cliProgress.SingleBar({
    stream,
    format: (options, params) =>
      `${what} ${cliProgress.Format.BarFormat(params.progress, options)} ${howFar(params.value, total, unit, Date.now() - started)}`,
    barsize: 24,
    barCompleteChar: '█',
    barIncompleteChar: '░',
    clearOnComplete: true,
    hideCursor: null,
    fps: 5,
  });
  bar.start(total, 0);
  return { update: (value: number) => bar.update(Math.min(value, total)), stop: () => bar.stop() };
}

/** A step written as plain lines: at the start, then at most every `intervalMs`. */
function plainStep(stream: NodeJS.WriteStream, what: string, total: number, unit: string, intervalMs: number) {
  const started = Date.now();
  let value = 0;
  let written = 0;
  const line = () => {
    written = Date.now();
    stream.write(`${what}: ${howFar(value, total, unit, written - started)}\n`);
  };
  const due = () => Date.now() - written >= intervalMs;
  line();
  const timer = setInterval(() => due() && line(), Math.max(50, intervalMs / 4));
  timer.unref();
  return {
    update: (next: number) => {
      value = next;
      if (due()) line();
    },
    stop: () => clearInterval(timer),
  };
}

/** Progress drawn on `stream` (see the module comment). */
export function terminalProgress(options: TerminalProgressOptions): Progress {
  const stream = options.stream ?? process.stderr;
  return {
    step(what: string, total: number, unit: string): ProgressStep {
      const started = Date.now();
      const intervalMs = typeof options.intervalMs === 'number' ? options.intervalMs : options.intervalMs();
      const drawn =
        stream.isTTY === true ? drawnStep(stream, what, total, unit) : plainStep(stream, what, total, unit, intervalMs);
      let value = 0;
      let ended = false;
      return {
        advance(units = 1) {
          value += units;
          drawn.update(value);
        },
        end() {
          if (ended) return;
          ended = true;
          drawn.stop();
          stream.write(`${what}: ${count(value)} ${unit} in ${seconds(Date.now() - started)} s.\n`);
        },
      };
    },
  };
}
