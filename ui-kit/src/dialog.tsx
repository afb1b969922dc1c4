import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

/**
 * A modal dialog on the browser's own `<dialog>`: it traps focus, Escape closes it, and what was
 * focused before gets focus back. `onClose` runs however it closed.
 */
export function Dialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ComponentChildren }) {
  const ref = useRef<HTMLDialogElement>(null);
  // Before paint, not after: keys typed right after the key that opened it land in the dialog.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const before = document.activeElement as HTMLElement | null;
      dialog.showModal();
      // Closed first: while it is modal, the element behind it cannot take focus back.
      return () => {
        if (dialog.open) dialog.close();
        before?.focus?.();
      };
    }
    if (!open && dialog.open) dialog.close();
    return undefined;
  }, [open]);
  const titleId = `dialog-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <dialog ref={ref} class="dialog" aria-labelledby={titleId} onClose={onClose}>
      {open ? (
        <>
          <h2 id={titleId}>{title}</h2>
          {children}
        </>
      ) : null}
    </dialog>
  );
}
