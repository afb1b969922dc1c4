import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** A small history router: the site is one page; paths are the browser's. */
const listeners = new Set<() => void>();

/** `keepScroll`: the same page with another query (a filter changed), where the reader stays put. */
export function navigate(to: string, options: { replace?: boolean; keepScroll?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  if (!options.keepScroll) window.scrollTo(0, 0);
  for (const listener of listeners) listener();
}

export function useLocation(): URL {
  const [, setTick] = useState(0);
  useEffect(() => {
    const changed = () => setTick((n) => n + 1);
    listeners.add(changed);
    window.addEventListener('popstate', changed);
    return () => {
      listeners.delete(changed);
      window.removeEventListener('popstate', changed);
    };
  }, []);
  return new URL(window.location.href);
}

/** An in-site link: a plain `<a href>` (works without script, opens in a new tab), routed in place on a plain click. */
export function Link(props: { href: string; children: ComponentChildren } & Omit<JSX.HTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const { href, children, ...rest } = props;
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}
