import type { ParseArgsOptionsConfig } from 'node:util';
import type { DB } from '#lib/server/db/index.ts';
import type { Progress } from '#lib/server/progress.ts';

/** A bad command line: printed with the usage, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface CommandContext {
  positionals: string[];
  values: Record<string, string | boolean | string[] | undefined>;
  /**
   * Opens the configured database, migrated unless `migrate: false` (a restore migrates it itself); closed by the
   * runner after the command.
   */
  db(options?: { migrate?: boolean }): Promise<DB>;
  out(line: string): void;
  /** Where a long command reports how far it has come (drawn on stderr by main.ts; tests: nothing). */
  progress: Progress;
}

/** One operator command, registered in ./commands/index.ts. */
export interface Command {
  /** Words that select the command, e.g. 'series create'. */
  name: string;
  /** Arguments after the name, e.g. '<tag> --name <name> [--current]'. */
  usage: string;
  summary: string;
  options?: ParseArgsOptionsConfig;
  /** Exact number of positionals, or [min, max]. */
  positionals?: number | [number, number];
  run(context: CommandContext): Promise<number | void>;
}

/** The string value of option `name`, or a UsageError when it is required and missing. */
export function stringOption(context: CommandContext, name: string, required: true): string;
export function stringOption(context: CommandContext, name: string, required?: false): string | undefined;
export function stringOption(context: CommandContext, name: string, required = false): string | undefined {
  const value = context.values[name];
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (required) throw new UsageError(`Missing option --${name}`);
  return undefined;
}

/** The integer value of option `name` (or the fallback); a UsageError when it is not an integer. */
export function intOption(context: CommandContext, name: string, fallback?: number): number | undefined {
  const value = stringOption(context, name);
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value)) throw new UsageError(`Option --${name} must be an integer, got '${value}'`);
  return Number(value);
}

/** The numeric value of option `name` (or the fallback); a UsageError when it is not a finite number. */
export function numberOption(context: CommandContext, name: string, fallback?: number): number | undefined {
  const value = stringOption(context, name);
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(value.trim()) || !Number.isFinite(number))
    throw new UsageError(`Option --${name} must be a number, got '${value}'`);
  return number;
}
