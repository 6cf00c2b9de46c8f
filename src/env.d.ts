/// <reference types="astro/client" />

declare namespace App {
  /** Computed once per request by src/middleware (see its index for the order). */
  interface Locals {
    /** Who is calling: a session, a team API key, or anonymous. Every request. */
    actor: import('./lib/server/auth/actor.ts').Actor;
    /** The CSRF token that forms of this page carry. Pages only. */
    csrfToken: string;
    /** The series the page shows (undefined only while no series exists). Pages only. */
    series: import('./lib/server/db/tables/series.ts').SeriesRow | undefined;
    /** What the shell shows: user, series list and choice, active tournaments, outside links. Pages only. */
    shell: import('./lib/schemas/shell.ts').Shell;
    /**
     * Set by a page whose own address in another series would not be that page (a team's page in a series the team
     * did not play in): where the series dropdown leads for each series tag, with its `series` parameter.
     */
    seriesLinks?: Record<string, string>;
  }
}
