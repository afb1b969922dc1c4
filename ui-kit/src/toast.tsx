import { useEffect, useState } from 'preact/hooks';

export interface Toast {
  id: number;
  kind: 'ok' | 'error';
  text: string;
}

const listeners = new Set<(toasts: Toast[]) => void>();
let shown: Toast[] = [];
let next = 1;

function publish(toasts: Toast[]): void {
  shown = toasts;
  for (const listener of listeners) listener(shown);
}

/** Says something briefly in the corner; an error stays until it is dismissed. */
export function toast(kind: Toast['kind'], text: string): void {
  const id = next++;
  publish([...shown.slice(-3), { id, kind, text }]);
  if (kind === 'ok') setTimeout(() => dismiss(id), 5000);
}

export function dismiss(id: number): void {
  publish(shown.filter((t) => t.id !== id));
}

/** Where toasts appear: once per page, in the frame. Announced to screen readers as they come. */
export function Toasts() {
  const [toasts, setToasts] = useState<Toast[]>(shown);
  useEffect(() => {
    listeners.add(setToasts);
    return () => {
      listeners.delete(setToasts);
    };
  }, []);
  return (
    <div class="toasts" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} class={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span>{t.text}</span>
          <button type="button" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
