/**
 * The progress of long jobs (#lib/server/progress.ts) as people and CI logs read it, drawn by cli-progress: on a
 * terminal, one line redrawn in place (what, a bar, how far, time spent and left); elsewhere (a pipe, a CI log) a
 * plain line every `intervalMs` and one when a step starts; and, either way, a closing line with the total.
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

/** Time left at the pace so far, in words. */
function timeLeft(elapsedMs: number, value: number, total: number): string {
  if (value >= total) return 'finishing';
  if (value <= 0 || elapsedMs < 500) return 'time left unknown yet';
  return `about ${seconds((elapsedMs * (total - value)) / value)} s left`;
}

const count = (n: number) => n.toLocaleString('en-US');

/** Progress drawn on `stream` (see the module comment). */
export function terminalProgress(options: TerminalProgressOptions): Progress {
  const stream = options.stream ?? process.stderr;
  const tty = stream.isTTY === true;
  return {
    step(what: string, total: number, unit: string): ProgressStep {
      const started = Date.now();
      let value = 0;
      const describe = (params: cliProgress.Params, bar: string) => {
        const elapsed = Date.now() - started;
        const percent = total > 0 ? Math.floor((100 * params.value) / total) : 100;
        const how = `${count(params.value)}/${count(total)} ${unit} (${percent}%)`;
        const when = `${seconds(elapsed)} s, ${timeLeft(elapsed, params.value, total)}`;
        return tty ? `${what} ${bar} ${how}, ${when}` : `${what}: ${how}, ${when}`;
      };
      const bar = new cliProgress.SingleBar({
        stream,
        format: (barOptions, params) => describe(params, cliProgress.Format.BarFormat(params.progress, barOptions)),
        barsize: 24,
        barCompleteChar: '█',
        barIncompleteChar: '░',
        noTTYOutput: true,
        notTTYSchedule: typeof options.intervalMs === 'number' ? options.intervalMs : options.intervalMs(),
        clearOnComplete: true,
        hideCursor: null,
        fps: 5,
      });
      bar.start(Math.max(total, 0), 0);
      let ended = false;
      return {
        advance(units = 1) {
          value += units;
          bar.update(Math.min(value, total));
        },
        end() {
          if (ended) return;
          ended = true;
          bar.stop();
          stream.write(`${what}: ${count(value)} ${unit} in ${seconds(Date.now() - started)} s.\n`);
        },
      };
    },
  };
}
