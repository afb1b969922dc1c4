import type { Config } from '../config.js';

/** The service's own address as clients reach it: sign-in callbacks, links in e-mails, download links. */
export function authBaseUrl(services: { config: Pick<Config, 'publicBaseUrl' | 'port'> }): string {
  return services.config.publicBaseUrl ?? `http://localhost:${services.config.port}`;
}
