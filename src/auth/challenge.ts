import { ApiError } from '../platform/errors.js';

export interface ChallengeVerifier {
  /** True when a secret is configured; without one, sign-up does not check (local and preview use). */
  readonly enabled: boolean;
  /**
   * Checks a challenge-widget token with the provider (Turnstile's siteverify protocol).
   * Missing token: 422. Fails or solved on another site: 403. Provider unreachable: 502.
   * `solvedOn`: the hostnames the form lives on (a portal's own host), instead of the configured ones.
   */
  verify(token: string | undefined, remoteIp: string | undefined, solvedOn?: readonly string[]): Promise<void>;
}

export const CHALLENGE_MISSING_MESSAGE = 'This form needs its challenge completed.';

export function createChallengeVerifier(options: {
  secret: string | undefined;
  verifyUrl: string;
  hostnames: string[];
  timeoutMs: number;
}): ChallengeVerifier {
  const { secret, verifyUrl, hostnames, timeoutMs } = options;
  return {
    enabled: Boolean(secret),
    async verify(token, remoteIp, solvedOn) {
      if (!secret) return;
      if (!token) {
        throw new ApiError('invalid_request', {
          message: CHALLENGE_MISSING_MESSAGE,
          detail: { field: 'challengeToken' },
          remedy: 'Complete the challenge widget on the form and send its response as challengeToken.',
        });
      }
      const form = new URLSearchParams({ secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let outcome: { success?: boolean; hostname?: string; 'error-codes'?: string[] };
      try {
        const res = await fetch(verifyUrl, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) throw new Error(`verifier answered ${res.status}`);
        outcome = (await res.json()) as typeof outcome;
      } catch (cause) {
        throw new ApiError('dependency_error', {
          message: 'The challenge verifier could not be reached; nothing was created.',
          remedy: 'Try again in a moment.',
          cause,
        });
      }
      if (!outcome.success) {
        throw new ApiError('forbidden', {
          message: 'The challenge did not verify.',
          detail: { errorCodes: outcome['error-codes'] ?? [] },
          remedy: 'Solve the challenge again and resubmit.',
        });
      }
      if (!outcome.hostname || !(solvedOn ?? hostnames).includes(outcome.hostname)) {
        throw new ApiError('forbidden', {
          message: 'The challenge was solved on another site.',
          detail: { hostname: outcome.hostname ?? null },
        });
      }
    },
  };
}

/** The widget's public side, as the portal website receives it. */
export interface ChallengeWidget {
  siteKey: string;
  scriptUrl: string;
}

/**
 * The widget a portal's website shows: on an `open` portal (the only kind that asks the challenge)
 * when the service checks challenges (a secret) and knows the widget (a site key); otherwise none.
 * The portal's front publishes it and the site's CSP allows its script's origin by this one rule.
 */
export function portalChallengeWidget(
  verifier: Pick<ChallengeVerifier, 'enabled'>,
  widget: ChallengeWidget | null,
  portal: { access: string } | null | undefined,
): ChallengeWidget | null {
  return verifier.enabled && widget && portal?.access === 'open' ? widget : null;
}
