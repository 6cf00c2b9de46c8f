/**
 * The match list on the page, for the filters island: the rows come from the server's own page at the new address
 * (the one rendering of a row: the kit Table with #components/matches/match-list-columns.ts), read with fetch and
 * put in place of the list region's content; the form's checkboxes are read and set here.
 */
import { isFilterValue, type MatchFilterKey, type MatchListFilter } from '#lib/schemas/match-filter.ts';
import type { FilterChoice } from '#lib/client/match-filters.ts';
import type { MatchListView } from '#lib/client/stores/match-filters.ts';

/** A read of the list that did not answer it: the HTTP status (404 when the answer holds no list). */
export class ListReadError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`HTTP request failed with status code: ${status}`);
    this.name = 'ListReadError';
    this.status = status;
  }
}

/** The list region with id `regionId` of the page: read again from the server, shown, and the history kept. */
export function pageListView(regionId: string): MatchListView<Element> {
  return {
    async read(address) {
      const response = await fetch(address, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
      if (!response.ok) throw new ListReadError(response.status);
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      const region = page.getElementById(regionId);
      if (!region) throw new ListReadError(404);
      return region;
    },
    show(region) {
      const current = document.getElementById(regionId);
      if (!current) return '';
      current.replaceChildren(...[...region.childNodes].map((node) => document.adoptNode(node)));
      const total = current.querySelector('.pager .summary')?.textContent?.trim();
      return total && !total.startsWith('0 of') ? `Showing ${total} matches` : 'No matches';
    },
    push(address) {
      window.history.pushState(null, '', address);
    },
    replace(address) {
      window.history.replaceState(null, '', address);
    },
    focus() {
      // The table's scrolling box takes focus (tabindex 0, named by its caption); an empty list, its region.
      const region = document.getElementById(regionId);
      const target = region?.querySelector<HTMLElement>('.table-scroll') ?? region;
      if (!target) return;
      if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
      target.focus();
    },
    leave(address) {
      window.location.assign(address);
    },
  };
}

/** The checkboxes of a filter form. */
function checkboxes(form: HTMLFormElement): HTMLInputElement[] {
  return [...form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
}

/** The form's choices as they stand (ticked before the island hydrated too). */
export function formChoices(form: HTMLFormElement): FilterChoice[] {
  return checkboxes(form).map(({ name, value, checked }) => ({ name, value, checked }));
}

/** Ticks exactly the form's boxes that `filter` holds (after back, forward or clearing). */
export function tickChoices(form: HTMLFormElement, filter: MatchListFilter): void {
  for (const box of checkboxes(form)) box.checked = isFilterValue(filter, box.name as MatchFilterKey, box.value);
}

/** Closes every open disclosure of the form (a click outside it). */
export function closeDisclosures(form: HTMLFormElement): void {
  for (const details of form.querySelectorAll('details')) details.open = false;
}
