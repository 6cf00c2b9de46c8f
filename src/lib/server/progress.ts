/**
 * How far a long job has come (a seed, a recompute, a backup, migrations), told by the code doing the work and drawn
 * by whoever runs it: the CLI and `npm start` draw a progress line (src/cli/progress.ts), a server or a test nothing.
 * The work only counts; it never writes to a terminal itself.
 */

/** A step of a job: `total` units of something (matches, rows, bytes, series) to get through. */
export interface ProgressStep {
  /** `units` more are done (default 1). */
  advance(units?: number): void;
  /** The step is over (also after a failure: whatever was drawn is closed). */
  end(): void;
}

/** Where a job reports its steps. */
export interface Progress {
  /** Starts a step: `what` in words ('Writing matches'), `total` units named by `unit` ('matches'). */
  step(what: string, total: number, unit: string): ProgressStep;
}

/** Reports nothing. */
export const noProgress: Progress = {
  step: () => ({ advance: () => {}, end: () => {} }),
};

/** Runs `work` as one step of `progress`, ended however the work ends. */
export async function inStep<T>(
  progress: Progress,
  what: string,
  total: number,
  unit: string,
  work: (step: ProgressStep) => Promise<T>,
): Promise<T> {
  const step = progress.step(what, total, unit);
  try {
    return await work(step);
  } finally {
    step.end();
  }
}
