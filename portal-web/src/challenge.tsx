import type { JSX } from 'preact';
import { Notice } from '@svc/ui-kit';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Front } from './api';

/**
 * The challenge widget (Cloudflare Turnstile's explicit-rendering API, or a stand-in speaking the
 * same API in development and tests) on the forms of an open portal that asks it: the portal's
 * front names the site key and the script. The script is loaded once, when a form first needs it;
 * the page's CSP allows that script's origin only on portals whose forms carry the widget.
 *
 * Each response is good once at the provider: after a form was sent, `reset()` asks for a new one.
 * The site sends the form with or without a response and shows what the service answers.
 */

type Challenge = NonNullable<Front['challenge']>;

interface TurnstileApi {
  render(
    element: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback'?: () => void;
      'error-callback'?: () => void;
      theme?: 'light' | 'dark' | 'auto';
      language?: string;
    },
  ): string | undefined;
  reset(widgetId?: string): void;
  remove(widgetId?: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | null = null;

/** Adds the widget's script to the page once; answers its API when it has run. */
function loadWidgetScript(scriptUrl: string): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  if (loading) return loading;
  loading = new Promise<TurnstileApi>((resolve, reject) => {
    const url = new URL(scriptUrl, window.location.href);
    // Turnstile renders only where asked to (turnstile.render) when the script is told so.
    if (!url.searchParams.has('render')) url.searchParams.set('render', 'explicit');
    const script = document.createElement('script');
    script.src = url.toString();
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('the challenge script defines no widget')));
    script.onerror = () => reject(new Error('the challenge script did not load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // A later form may try again (after the connection came back, say).
    loading = null;
    throw error;
  });
  return loading;
}

export interface ChallengeField {
  /** The widget's latest response, or null (none yet, expired, or used). */
  token: string | null;
  /** Forget the response and ask the widget for a new one (after a form used it). */
  reset(): void;
  /** The widget in its labelled group, or null when this portal asks no challenge. */
  element: JSX.Element | null;
}

/** The challenge of this portal's forms; `id` names the group on the page. */
export function useChallenge(front: Front, id: string): ChallengeField {
  const [token, setToken] = useState<string | null>(null);
  const widget = useRef<{ api: TurnstileApi; id: string | undefined } | null>(null);
  const reset = () => {
    setToken(null);
    const current = widget.current;
    if (current) {
      try {
        current.api.reset(current.id);
      } catch {
        // a widget that is gone has nothing to reset
      }
    }
  };
  const element = front.challenge ? <ChallengeWidget id={id} challenge={front.challenge} onToken={setToken} widget={widget} /> : null;
  return { token, reset, element };
}

function ChallengeWidget(props: {
  id: string;
  challenge: Challenge;
  onToken: (token: string | null) => void;
  widget: { current: { api: TurnstileApi; id: string | undefined } | null };
}) {
  const { id, challenge, onToken, widget } = props;
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let gone = false;
    loadWidgetScript(challenge.scriptUrl).then(
      (api) => {
        if (gone || !box.current) return;
        try {
          const widgetId = api.render(box.current, {
            sitekey: challenge.siteKey,
            callback: (token) => {
              // Turnstile retries after an error by itself: a response means it works again.
              setState('ready');
              onToken(token);
            },
            'expired-callback': () => onToken(null),
            'error-callback': () => {
              onToken(null);
              setState('failed');
            },
            theme: 'light',
            language: document.documentElement.lang || 'auto',
          });
          widget.current = { api, id: widgetId };
          setState('ready');
        } catch {
          setState('failed');
        }
      },
      () => {
        if (!gone) setState('failed');
      },
    );
    return () => {
      gone = true;
      const current = widget.current;
      widget.current = null;
      if (current) {
        try {
          current.api.remove(current.id);
        } catch {
          // already gone
        }
      }
    };
  }, [challenge.siteKey, challenge.scriptUrl]);

  return (
    <div class="challenge" role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-help`} aria-busy={state === 'loading' ? 'true' : undefined}>
      <p class="challenge-label" id={`${id}-label`}>Security check</p>
      <p class="help" id={`${id}-help`}>This portal asks everybody to show they are a person before signing in or sending a request.</p>
      <div ref={box} class="challenge-widget" />
      {state === 'loading' ? <p class="loading">Loading the security check…</p> : null}
      {state === 'failed' ? (
        <Notice kind="error">
          The security check could not be shown, so this form cannot be sent yet. Check your connection, allow {hostOf(challenge.scriptUrl)} in any content blocker, then reload the page.
        </Notice>
      ) : null}
    </div>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the security check';
  }
}
