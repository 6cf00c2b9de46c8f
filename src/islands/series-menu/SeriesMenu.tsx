import type { MouseEvent } from 'react';
import { withSeries } from '#lib/client/menu-keys.ts';
import { useDisclosureMenu } from '#lib/client/use-disclosure-menu.ts';
import './series-menu.css';

/** One series the visitor can switch to, with the address of the current page in that series. */
export interface SeriesChoice {
  tag: string;
  name: string;
  current: boolean;
  href: string;
}

/**
 * The series dropdown: a `<details>` list of links that works without JavaScript (each link is the current page
 * with another `series`, every other parameter kept); hydrated by `client:engage`, it adds the arrow, Home, End
 * and Escape keys and closes on an outside click.
 */
export default function SeriesMenu({ choices, selected }: { choices: SeriesChoice[]; selected: string | undefined }) {
  const { details, onKeyDown } = useDisclosureMenu();
  const chosen = choices.find((choice) => choice.tag === selected);
  // The page may have changed its own address since it was rendered (a dismissed notice): follow the live one.
  const follow = (tag: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.currentTarget.href = withSeries(new URL(window.location.href), tag);
  };
  return (
    <details className="series-menu" ref={details} onKeyDown={onKeyDown}>
      <summary>
        <span className="series-menu-prefix">Series: </span>
        {chosen?.name ?? selected}
      </summary>
      <ul>
        {choices.map((choice) => (
          <li key={choice.tag}>
            <a
              href={choice.href}
              onClick={follow(choice.tag)}
              data-menu-item=""
              aria-current={choice.tag === selected ? 'true' : undefined}
            >
              {choice.name}
              {choice.current ? ' (current)' : ''}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
