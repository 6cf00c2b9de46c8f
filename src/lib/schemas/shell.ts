import type { Series } from './series.ts';
import type { Role } from './user.ts';

/** The signed-in person as the shell shows them: name, roles and the tags of the teams they manage. */
export interface ShellUser {
  name: string;
  roles: Role[];
  teams: string[];
  /** Each managed team's series (tags, newest first) in which it has a row: where its My Teams link may lead. */
  teamSeries: Record<string, string[]>;
}

/** An active tournament as the shell and the home page list it. */
export interface ShellTournament {
  tag: string;
  name: string;
  icon: string | null;
}

/**
 * What the root route loads for every page (spec section 2): the signed-in user, the series list and the series
 * in use, the active tournaments, and the site's outside links. Computed once per request by the middleware.
 */
export interface Shell {
  user: ShellUser | null;
  series: Series[];
  /** The series in use; null only while no series exists. */
  selected: Series | null;
  activeTournaments: ShellTournament[];
  links: { community?: string | undefined; support?: string | undefined; source?: string | undefined };
  /** The CSRF token forms of this page carry (the value of the csrf cookie). */
  csrfToken: string;
  /** Origin of the image-resizing host Discord icons are loaded through (ICON_RESIZE_URL); null: none. */
  iconResizeUrl: string | null;
  /** The address visitors use (PUBLIC_URL, no trailing slash): absolute links in meta tags; null: the request's. */
  publicUrl: string | null;
}

/** The shell of a page rendered without the middleware's data (an error page during an outage). */
export const emptyShell: Shell = {
  user: null,
  series: [],
  selected: null,
  activeTournaments: [],
  links: {},
  csrfToken: '',
  iconResizeUrl: null,
  publicUrl: null,
};
