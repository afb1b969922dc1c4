import { App, Octokit } from 'octokit';
import type pg from 'pg';
import type { CodehostConfig } from '../config.js';
import { budgetFromHeaders, budgetStore } from './budget.js';
import { holdInstallationLane, inInstallationLane } from './lane.js';
import { GITHUB_POINTS_PER_MINUTE, readCostOf, writeCostOf, type PointLimits } from './pacing.js';
import { nativeJsonAnswer, storableAnswers } from './storable-answers.js';

/**
 * The REST client every code-host call uses: the configured base URL and a request timeout.
 * Automatic retries and throttling are off: a failure is reported as it happened, and pacing
 * belongs to the per-installation write lane.
 */
function clientClass(config: CodehostConfig) {
  return Octokit.plugin(storableAnswers).defaults({
    baseUrl: config.apiUrl,
    userAgent: 'svc',
    retry: { enabled: false },
    throttle: { enabled: false },
    request: { fetch: async (url: string, init: RequestInit) => nativeJsonAnswer(await fetch(url, { ...init, signal: AbortSignal.timeout(config.timeoutMs) })) },
  });
}

const TOKEN_ROUTE = '/app/installations/{installation_id}/access_tokens';
/** Installation clients kept made; one is small, and a process serves few installations at a time. */
const INSTALLATION_CLIENTS_KEPT = 1_000;

/**
 * The GitHub App and the people's OAuth tokens. Nothing here knows whether it talks to GitHub
 * or to the emulator: only the base URLs differ.
 */
export function createCodehostClient(
  config: CodehostConfig,
  pools: { pool: pg.Pool; lanePool: pg.Pool },
  options: { paceMaxWaitMs: number; pointsPerMinute?: PointLimits },
) {
  const { pool, lanePool } = pools;
  const limits = options.pointsPerMinute ?? GITHUB_POINTS_PER_MINUTE;
  const paceOf = (o: Parameters<typeof writeCostOf>[0]) => ({ codehost: config.apiUrl, limits, cost: writeCostOf(o), read: readCostOf(o), maxWaitMs: options.paceMaxWaitMs });
  const ClientOctokit = clientClass(config);
  const app = new App({
    appId: config.appId,
    privateKey: config.privateKey,
    oauth: { clientId: config.clientId, clientSecret: config.clientSecret },
    Octokit: ClientOctokit,
  });

  /**
   * A client acting as the installation. Every request goes through the installation's lane
   * (one in flight across all processes) and records the budget its response reports.
   */
  const installationClient = async (installationId: number) => {
    const octokit = await app.getInstallationOctokit(installationId);
    octokit.hook.wrap('request', async (request, options) => {
      // The installation-token fetch an authenticated request makes first runs inside that
      // request's lane already; it is an app-level call and must not wait for the lane again.
      if (options.url === TOKEN_ROUTE) return request(options);
      // The budget is recorded by the lane's release statement: no round trip of its own, and
      // nothing else waits inside a lane. In a lane this process holds (a bulk edit) it is
      // recorded behind the batch's next request instead (lane.ts).
      return inInstallationLane(lanePool, installationId, async () => request(options), paceOf(options), (outcome) => {
        const headers = 'response' in outcome
          ? (outcome.response.headers as Record<string, string>)
          : (outcome.error as { response?: { headers?: Record<string, string> } }).response?.headers;
        const budget = headers ? budgetFromHeaders(headers) : null;
        return budget ? budgetStore.alongRelease(installationId, budget) : null;
      });
    });
    return octokit;
  };
  /** The installations' clients, the most recently used last; at most INSTALLATION_CLIENTS_KEPT. */
  const installationClients = new Map<number, ReturnType<typeof installationClient>>();

  return {
    config,

    /** Where a person authorizes the app to know who they are on the code host. */
    authorizeUrl(state: string, redirectUrl: string): string {
      const url = new URL(`${config.webUrl}/login/oauth/authorize`);
      url.searchParams.set('client_id', config.clientId);
      url.searchParams.set('redirect_uri', redirectUrl);
      url.searchParams.set('state', state);
      return url.toString();
    },

    /** Where an admin installs the app on an account. */
    installUrl(state: string): string {
      return `${config.webUrl}/apps/${encodeURIComponent(config.appSlug)}/installations/new?state=${encodeURIComponent(state)}`;
    },

    async exchangeCode(code: string) {
      const { authentication } = await app.oauth.createToken({ code });
      const a = authentication as {
        token: string;
        refreshToken?: string;
        expiresAt?: string;
        refreshTokenExpiresAt?: string;
      };
      return {
        token: a.token,
        refreshToken: a.refreshToken ?? null,
        expiresAt: a.expiresAt ? new Date(a.expiresAt) : null,
        refreshTokenExpiresAt: a.refreshTokenExpiresAt ? new Date(a.refreshTokenExpiresAt) : null,
      };
    },

    asUser(token: string) {
      return new ClientOctokit({ auth: token });
    },

    /**
     * A client acting as a person (their user-to-server token) on an installation's resources.
     * It shares the installation's lane: GitHub counts a user-to-server write against the same
     * installation, so it must never overlap the installation's other requests.
     */
    asUserInLane(installationId: number, token: string) {
      const octokit = new ClientOctokit({ auth: token });
      octokit.hook.wrap('request', async (request, options) => inInstallationLane(lanePool, installationId, async () => request(options), paceOf(options)));
      return octokit;
    },

    /** Trades a (single-use) refresh token for a new token pair. */
    async refreshUserToken(refreshToken: string) {
      const { authentication } = await app.oauth.refreshToken({ refreshToken });
      const a = authentication as { token: string; refreshToken?: string; expiresAt?: string; refreshTokenExpiresAt?: string };
      return {
        token: a.token,
        refreshToken: a.refreshToken ?? null,
        expiresAt: a.expiresAt ? new Date(a.expiresAt) : null,
        refreshTokenExpiresAt: a.refreshTokenExpiresAt ? new Date(a.refreshTokenExpiresAt) : null,
      };
    },

    /** The installation's client (installationClient). */
    asInstallation(installationId: number) {
      // One client per installation, made once: it holds no token of its own (the app's token
      // cache does, and renews an expired one), so keeping it changes nothing but the cost of
      // making it, a quarter of a millisecond a write.
      let client = installationClients.get(installationId);
      if (client) {
        installationClients.delete(installationId);
      } else {
        const made = installationClient(installationId);
        made.catch(() => installationClients.get(installationId) === made && installationClients.delete(installationId));
        client = made;
        if (installationClients.size >= INSTALLATION_CLIENTS_KEPT) installationClients.delete(installationClients.keys().next().value!);
      }
      installationClients.set(installationId, client);
      return client;
    },

    /**
     * Runs `work` holding the installation's lane throughout (lane.ts, holdInstallationLane): the
     * requests it makes through `asInstallation` or `asUserInLane` still go one at a time and are
     * paced, without taking the lock for each. For a batch of writes made one after another.
     */
    holdLane<T>(installationId: number, work: () => Promise<T>): Promise<T> {
      return holdInstallationLane(lanePool, installationId, { codehost: config.apiUrl, limits }, work);
    },
  };
}

export type CodehostClient = ReturnType<typeof createCodehostClient>;
