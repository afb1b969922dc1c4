import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/** A message that screen readers announce when it appears. */
export function Notice({ kind, children }: { kind: 'error' | 'ok' | 'info'; children: ComponentChildren }) {
  return (
    <div class={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** The page's main heading, focused when the page changes so keyboard and screen-reader users start there. */
export function PageTitle({ children }: { children: ComponentChildren }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}
