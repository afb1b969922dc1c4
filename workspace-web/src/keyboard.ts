import { useEffect } from 'preact/hooks';

/** Whether a key press belongs to a text field (where letters are typed, not shortcuts). */
export function typingIn(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element) return false;
  return element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}

/** Whether a modal dialog is open: the page behind it takes no shortcut (Escape closes the dialog, not the page). */
export const dialogOpen = () => document.querySelector('dialog[open]') !== null;

/**
 * Single-key shortcuts on this page (`j`, `k`, `/`…): ignored while typing in a field, with a
 * modifier held or while a dialog is open, so they never take a letter from the person, a browser
 * shortcut, or the dialog's own Escape.
 */
export function useShortcuts(keys: Record<string, (event: KeyboardEvent) => void>, deps: unknown[]): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typingIn(event.target) && event.key !== 'Escape') return;
      if (dialogOpen()) return;
      const run = keys[event.key];
      if (!run) return;
      event.preventDefault();
      run(event);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, deps);
}
