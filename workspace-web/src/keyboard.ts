import { useEffect } from 'preact/hooks';

/** Whether a key press belongs to a text field (where letters are typed, not shortcuts). */
export function typingIn(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element) return false;
  return element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}

/**
 * Single-key shortcuts on this page (`j`, `k`, `/`…): ignored while typing in a field or with a
 * modifier held, so they never take a letter from the person or a browser shortcut.
 */
export function useShortcuts(keys: Record<string, (event: KeyboardEvent) => void>, deps: unknown[]): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typingIn(event.target) && event.key !== 'Escape') return;
      // A modal dialog has the keyboard: its Escape closes it, and the page's keys wait.
      if ((event.target as Element | null)?.closest?.('dialog[open]')) return;
      const run = keys[event.key];
      if (!run) return;
      event.preventDefault();
      run(event);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, deps);
}
