import type { MouseEvent } from 'react';
import { m } from '@/i18n';

/** The id of every page's `<main>`, which the skip link jumps to. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content": the first stop of the Tab key on every page, hidden until it has the focus
 * (styles/overrides.css). It moves the focus to `<main id="main-content" tabIndex={-1}>` itself rather
 * than following the `#` link, so the router sees no navigation and the URL keeps no hash.
 */
export function SkipLink() {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    e.preventDefault();
    main.focus();
    main.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a className="vc-skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={onClick}>
      {m.shell_skip_to_content()}
    </a>
  );
}
