import type { Config } from './config.js';
import type { Database } from './db/pool.js';
import type { CredentialCache } from './auth/credential-cache.js';
import type { ChangeFeed } from './cache/change-feed.js';
import type { PrincipalResolver } from './auth/principal.js';
import type { portalCredentialOf } from './auth/portal-session.js';
import type { SignInServices } from './auth/better-auth.js';
import type { ChallengeVerifier } from './auth/challenge.js';
import type { Mailer } from './mail/mailer.js';
import type { CodehostClient } from './codehost/client.js';
import type { TokenVault } from './codehost/token-vault.js';
import type { CursorCodec } from './platform/pagination.js';
import type { SignedState } from './platform/signed-state.js';
import type { AttachmentFiles } from './files/file-store.js';
import type { BillingProvider } from './billing/provider.js';

/** What route handlers and services are given; built once in app.ts. */
export interface Services {
  config: Config;
  database: Database;
  /** `trustedOrigins`: where a browser request using the session cookie may change things (lower-case origins). */
  credentials: {
    cache: CredentialCache;
    resolver: PrincipalResolver;
    trustedOrigins: ReadonlySet<string>;
    /** The portal credential a request carries: none, a customer's live session, or something else. */
    portalCredential(headers: { authorization?: string; cookie?: string }): ReturnType<typeof portalCredentialOf>;
  };
  /** The process's one listening connection for live updates (cache changes, credential changes). */
  changes: ChangeFeed;
  signIn: SignInServices;
  challenge: ChallengeVerifier;
  mailer: Mailer;
  /** Attachments' bytes. */
  files: AttachmentFiles;
  cursors: CursorCodec;
  signedState: SignedState;
  /** Null when no code-host app is configured. */
  codehost: CodehostClient | null;
  tokenVault: TokenVault;
  /** Seals chat webhook URLs at rest (its own derived key). */
  chatWebhookVault: TokenVault;
  /** The payments provider; null while billing is off (no STRIPE_SECRET_KEY). */
  billing: BillingProvider | null;
}
