import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useStore } from '@nanostores/react';
import { MATCH_FILTER_KEYS } from '#lib/schemas/match-constants.ts';
import {
  FILTER_FORM_MARKER,
  filterSize,
  isFilterValue,
  sameFilter,
  type MatchFilterKey,
  type MatchListFilter,
} from '#lib/schemas/match-filter.ts';
import { filterFromChoices, listAddress } from '#lib/client/match-filters.ts';
import { closeDisclosures, formChoices, pageListView, tickChoices } from '#lib/client/match-list.ts';
import { createMatchFilters } from '#lib/client/stores/match-filters.ts';
import './match-filters.css';

/** One choice of a filter list: the value the filter carries and what a person reads. */
export interface FilterOption {
  value: string;
  label: string;
}

export interface MatchFiltersProps {
  /** The filter in force (as the server read it from the address). */
  filter: MatchListFilter;
  options: Record<MatchFilterKey, FilterOption[]>;
  /** The page's other parameters, which the plain form carries along as hidden fields. */
  carried: [string, string][];
  /** This page's address (path and query). */
  address: string;
  /** The id of the element holding the list (error, table, pager) that a new filter replaces. */
  regionId: string;
}

const LABELS: Record<MatchFilterKey, string> = {
  team: 'Team',
  map: 'Map',
  type: 'Type',
  tournament: 'Tournament',
  result: 'Result',
  status: 'Status',
};

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The match list's filters: one disclosure of checkboxes per list. Server-rendered it is a plain GET form that the
 * page redirects to its canonical `?filter=` address. Hydrated (`client:engage`), every change applies at once:
 * the address gets the JSON filter as a new history entry and the list is read again from the server
 * (#lib/client/stores/match-filters.ts); back and forward restore the filter and its rows.
 */
export default function MatchFilters({ filter, options, carried, address, regionId }: MatchFiltersProps) {
  const [filters] = useState(() => createMatchFilters({ filter, address }, pageListView(regionId)));
  const current = useStore(filters.$filter);
  const shown = useStore(filters.$address);
  const announcement = useStore(filters.$announcement);
  const form = useRef<HTMLFormElement>(null);
  const apply = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const root = form.current;
    if (!root) return;
    // A box ticked by the click that woke the island counts: the list follows it now.
    const ticked = filterFromChoices(formChoices(root));
    if (!sameFilter(ticked, filter)) void filters.choose(ticked);
    const onPopState = () => {
      void filters.restore(`${window.location.pathname}${window.location.search}`);
      tickChoices(root, filters.$filter.get());
    };
    const onOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.contains(event.target)) closeDisclosures(root);
    };
    // A pager's link pages the list in place (the same read as a filter) and takes the focus to the table.
    const region = document.getElementById(regionId);
    const onPage = (event: globalThis.MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('.pager a[href]') : null;
      if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      void filters.page(`${link.pathname}${link.search}`);
    };
    // A failed read goes back to the filter of the rows shown: the boxes follow it.
    const unbind = filters.$filter.listen((shownFilter) => tickChoices(root, shownFilter));
    window.addEventListener('popstate', onPopState);
    document.addEventListener('pointerdown', onOutside);
    region?.addEventListener('click', onPage);
    return () => {
      unbind();
      window.removeEventListener('popstate', onPopState);
      document.removeEventListener('pointerdown', onOutside);
      region?.removeEventListener('click', onPage);
    };
  }, [filters, filter, regionId]);

  const applyForm = () => {
    if (form.current) void filters.choose(filterFromChoices(formChoices(form.current)));
  };
  const onClear = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!plainClick(event) || !form.current) return;
    event.preventDefault();
    tickChoices(form.current, {});
    void filters.choose({});
    apply.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const details = event.target instanceof Element ? event.target.closest('details') : null;
    if (event.key !== 'Escape' || !details?.open) return;
    event.preventDefault();
    details.open = false;
    details.querySelector('summary')?.focus();
  };
  const size = filterSize(current);

  return (
    <form
      ref={form}
      method="get"
      className="match-filters"
      aria-label="Filter matches"
      onChange={applyForm}
      onSubmit={(event) => {
        event.preventDefault();
        applyForm();
      }}
      onKeyDown={onKeyDown}
    >
      {carried.map(([key, value], index) => (
        <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
      ))}
      <input type="hidden" name={FILTER_FORM_MARKER} value="1" />
      {MATCH_FILTER_KEYS.map((key) => {
        const count = current[key]?.length ?? 0;
        return (
          // One disclosure open at a time (a shared name), with or without JavaScript.
          <details key={key} name="match-filter" className="match-filter">
            <summary>
              {LABELS[key]}
              {count > 0 && <span className="count">({count})</span>}
            </summary>
            <fieldset>
              <legend className="visually-hidden">{LABELS[key]}</legend>
              <div className="choices">
                {options[key].map((option) => (
                  <label key={option.value}>
                    <input
                      type="checkbox"
                      name={key}
                      value={option.value}
                      defaultChecked={isFilterValue(filter, key, option.value)}
                    />
                    {option.label}
                  </label>
                ))}
              </div>
            </fieldset>
          </details>
        );
      })}
      <div className="match-filters-submit">
        <button ref={apply} type="submit" className="button">
          Apply filters
        </button>
        {size > 0 && (
          <a href={listAddress(shown, {})} onClick={onClear}>
            Clear filters ({size})
          </a>
        )}
      </div>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </form>
  );
}
