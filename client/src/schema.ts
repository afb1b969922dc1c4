/**
 * Generated from the service's /openapi.json by openapi-typescript. Do not edit:
 * run `npm run client:generate` after changing a route.
 */

export interface paths {
    "/auth/sign-up/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account with e-mail and password
         * @description Verifies `challengeToken` (the challenge widget on the sign-up form) with the provider before anything is created, and checks the hostname it was solved on. No token: 422 with the message "This form needs its challenge completed." A token that fails, or was solved on another site: 403. Verifier unreachable: 502 `dependency_error`, and no account is created. A deployment with no challenge secret configured does not check. On success the session cookie is set and the session token is returned in `token` (and the `set-auth-token` header).
         */
        post: operations["signUpWithEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sign-in/magic-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail a one-time sign-in link
         * @description Send `client` (`web`, the default, or `mobile`) or `callbackURL`. The only accepted callback values are the workspace application origin and `svc://`; anything else is refused with `invalid_request`, never replaced by a default. A `mobile` link is `svc://sign-in/link#token=<TOKEN>`; a `web` link is the same path on the workspace application. The token is always in the fragment. The application exchanges it at `GET /auth/magic-link/verify?token=<TOKEN>`.
         */
        post: operations["requestMagicLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/magic-link/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Exchange a sign-in link for a session
         * @description `token` is what follows `#token=` in a sign-in link. Without `callbackURL` (a script, curl): sets the session cookie and answers with the session in `token` (also in the `set-auth-token` header), to use as `Authorization: Bearer <token>`; a token that is unknown, expired (links last 15 minutes) or already used is 401. With `callbackURL` (the workspace application origin or `svc://`): sets the cookie and redirects there with 302; a failure redirects to the application's `/signin?error=INVALID_TOKEN`. A link works once. Using it on an account made with a password whose e-mail was never verified verifies the e-mail, and (the sign-in library's protection against account pre-hijacking: somebody may have registered that address before its owner) removes the password and ends that account's other sessions: it signs in with links from then on (see the README, "Sign-in").
         */
        get: operations["verifyMagicLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/error": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where a failed sign-in lands
         * @description A failed sign-in is a browser redirect to `/auth/error?error=<code>` on the workspace application, which proxies it here; this answers with a redirect to `{workspace_app_origin}/signin?error=<code>`; on the host of a portal (a failed portal sign-in), to `/sign-in?error=<code>` on that same host. Codes a person meets: `email_not_found`, `account_not_linked`, `signup_disabled`, `please_restart_the_process` (an expired or reused `state`), `unable_to_create_user`; anything else becomes `sign_in_failed`.
         */
        get: operations["signInError"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/auth/sign-up/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a customer account on this portal
         * @description On a portal's host. The account belongs to this portal alone (the same address on another portal is another customer) and becomes its customer. An `open` portal checks `challengeToken` first, solved on the portal's own host, answering as the workspace sign-up does (422 without a token, 403 failed or solved elsewhere, 502 verifier unreachable); an `invite_only` portal refuses sign-up (403, `detail.reason` `signup_disabled`): its customers are invited. A removed customer's address is 401. On success the portal session cookie is set and the token returned in `token` (and `set-auth-token`).
         */
        post: operations["portalSignUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/auth/sign-in/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in to this portal with a password
         * @description On a portal's host, with this portal's account only. An `open` portal checks `challengeToken` first (as sign-up). Wrong address or password: 401; a removed customer: 401.
         */
        post: operations["portalSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/auth/sign-in/magic-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail a sign-in link for this portal
         * @description The link is `/sign-in/link#token=<TOKEN>` on this portal's host (valid 15 minutes, once); exchange the token at `GET /portal/auth/magic-link/verify`. On an `open` portal a new address gets an account when the link is used (the challenge is checked here, as for sign-up); on an `invite_only` portal only customers get a link, and a stranger's request is answered alike. A removed customer: 401.
         */
        post: operations["portalRequestSignInLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/auth/magic-link/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Exchange a portal sign-in link for a session
         * @description `token` is what follows `#token=` in the link. Sets this portal's session cookie and answers with the session in `token` (and `set-auth-token`). Unknown, expired or used: 401; a removed customer's link: 401.
         */
        get: operations["portalVerifySignInLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/auth/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out of this portal
         * @description Ends the session this request carries (the portal's session cookie, or the session token as a bearer) and clears the cookie. The customer's other sessions stay (the customer's data export lists them). No body.
         */
        post: operations["portalSignOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/auth/update-user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the customer's name
         * @description The display name the team and (on requests they may see) other customers see; `image` is a picture's address, or null to remove it. The e-mail address cannot be changed here (422). Answers `{ status: true }`.
         */
        post: operations["portalUpdateUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in person */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Workspaces the person belongs to
         * @description Their ids are what X-Workspace-Id takes. Oldest first. With an API key, only the workspace the key was issued in.
         */
        get: operations["listMyWorkspaces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/credential": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The acting credential
         * @description Who is calling, with which credential (session or API key, and its scopes), and in which workspace if the request named one.
         */
        get: operations["getCredential"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/sign-out-everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out on every device
         * @description Ends every session of the person, this one included. API keys are not affected (revoke them under /v1/api-keys).
         */
        post: operations["signOutEverywhere"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a workspace
         * @description The signed-in person becomes its owner. Slugs are unique across the service. Sessions only: an API key belongs to one workspace and cannot make another.
         */
        post: operations["createWorkspace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/workspace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current workspace
         * @description The workspace named by X-Workspace-Id (or the only one the person belongs to, or the API key's).
         */
        get: operations["getWorkspace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename the current workspace
         * @description Changes the name, the slug, or both. A slug already taken is 409.
         */
        patch: operations["renameWorkspace"];
        trace?: never;
    };
    "/v1/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Members of the workspace
         * @description Oldest membership first.
         */
        get: operations["listMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/members/{memberId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member
         * @description `memberId` is the membershipId from GET /v1/members. Their API keys stop working at once. The last owner cannot be removed (409); only an owner can remove an owner. Issues and comments they wrote in the code host are untouched. Allowed on a lapsed workspace, so access can always be taken away.
         */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        /**
         * Change a member's role
         * @description Only an owner can make someone an owner or change an owner. The last owner cannot be demoted (409).
         */
        patch: operations["changeMemberRole"];
        trace?: never;
    };
    "/v1/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pending invitations
         * @description Invitations not yet accepted, revoked or expired; newest first.
         */
        get: operations["listInvitations"];
        put?: never;
        /**
         * Invite someone by e-mail
         * @description E-mails a link to `{workspace_app_origin}/invitations/accept#token=<TOKEN>`. A new invitation to the same address replaces a pending one. Only an owner can invite an owner. Invitations expire after 7 days.
         */
        post: operations["inviteMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invitations/{invitationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Withdraw a pending invitation */
        delete: operations["revokeInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/invitations/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What an invitation is for
         * @description Returns the invitation the token belongs to, so the invitee sees the workspace, role and sender before signing in or accepting. The token is the credential, so no sign-in is needed. Unknown or withdrawn: 404; expired or already accepted: 409.
         */
        post: operations["describeInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation
         * @description The signed-in person joins the workspace with the invited role. The invitation must have been sent to their e-mail address (403 otherwise). Refused with 402 while the workspace's billing has lapsed. Returns the workspace.
         */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * API keys of the workspace
         * @description Keys not revoked, newest first. The keys themselves are never shown again.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Issue an API key
         * @description The key acts as the member who issues it, narrowed by `scopes` (empty: not narrowed). `keys:read` and `keys:write` can never be granted (422). The key is in the answer once; only its SHA-256 digest is stored. Removing the member revokes their keys.
         */
        post: operations["issueApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{apiKeyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description The key stops working at once, in every process, and stops being listed. A revoked key reads exactly like one that never existed. Allowed on a lapsed workspace: a leaked key must never wait for a payment.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log
         * @description Every write in the workspace, newest first.
         */
        get: operations["listAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/codehost/authorize-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where to link your code-host account
         * @description The code host's authorization page for this app. After the person approves, the code host sends the browser to `GET /v1/codehost/callback`, which links the account to the person (shared by all their workspaces) and returns them to `returnTo` on the workspace application.
         */
        get: operations["codehostAuthorizeUrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/codehost/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The code host's OAuth callback
         * @description Where the code host returns the browser after authorization. Links the account named by the signed `state` and redirects to the workspace application; on failure the redirect carries `error` (`please_restart_the_process`, `account_already_linked`, `codehost_link_failed`). Never answers with an envelope.
         */
        get: operations["codehostCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/codehost": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Choose how issues you create are authored
         * @description With `writesAsSelf`, issues you create through the service are authored as your linked code-host account instead of the app. 409 until an account is linked.
         */
        patch: operations["setWritesAsSelf"];
        trace?: never;
    };
    "/v1/codehost/install-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where to install the app
         * @description The code host's page for installing this app on an account, valid for 10 minutes. After installing, the code host sends the browser to `GET /v1/codehost/setup` (the app's setup URL), which connects the installation to this workspace; or connect it with POST /v1/codehost/installation.
         */
        get: operations["codehostInstallUrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/codehost/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the code host returns after installing the app
         * @description The app's setup URL: after somebody installs the app from the page of `GET /v1/codehost/install-url`, the code host sends the browser here with `installation_id`, `setup_action` (`install`, `update`, or `request` when an organisation member only asked its owners to install) and the `state` of that page. The state names the workspace and the person who asked for the link, and the browser must carry that person's session (the session cookie, or a session bearer token): the link alone connects nothing. Then, as POST /v1/codehost/installation does for that person (an admin or owner still), the code host is asked whether their linked account can see the installation, and the installation is connected (audited as `codehost.connected`; coming back for an installation the workspace already holds changes nothing). Always a redirect to `{workspace_app_origin}/settings/codehost`, never an envelope: with `connected=<installationId>` on success, else with `error`: `please_restart_the_process` (the signed `state` is missing, altered or expired (it lasts 10 minutes): get a new install link); `please_sign_in_as_the_person_who_started` (the browser has no session, or the session of somebody other than the person who asked for the install link); `forbidden` (that person is no longer an admin or owner of the workspace (or no longer a member)); `payment_required` (the workspace's billing has lapsed; an owner settles it first); `installation_requested` (an organisation member asked its owners to install the app (`setup_action=request`); nothing is connected until an owner installs it); `codehost_account_not_linked` (the person's code-host account is not linked, or its authorization expired: link it (again), then connect); `installation_not_visible` (the person's linked code-host account cannot see that installation (or none was named)); `installation_held_by_another_workspace` (another workspace is connected to that installation); `workspace_already_connected` (the workspace is connected to a different installation); `codehost_connect_failed` (the code host failed or did not answer; nothing changed; try again).
         */
        get: operations["codehostSetup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/codehost/installations/available": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Installations you may connect
         * @description Installations of the app that the caller's linked code-host account can see, asked of the code host now, each marked `available`, `this_workspace` or `another_workspace`. 409 until the caller links a code-host account.
         */
        get: operations["listAvailableInstallations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/codehost/installation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The connection */
        get: operations["getCodehostConnection"];
        put?: never;
        /**
         * Connect an installation
         * @description Connects the workspace to an installation from the available list. The code host is asked again whether the caller can see it, so an id guessed or copied from somebody else is refused (403, `detail.reason` `installation_not_visible`). An installation another workspace holds is 409 (`installation_held_by_another_workspace`), as is another installation while this workspace holds one (`workspace_already_connected`); without a linked code-host account, 409 (`not_linked`, or `link_expired`). The installation's repositories are recorded; none is enabled for sync.
         */
        post: operations["connectInstallation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/codehost/repositories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Repositories the installation covers
         * @description By full name. Repositories that lost access stay listed with `removed: true` until the nightly cleanup, because their cached issues remain readable.
         */
        get: operations["listRepositories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Turn mirroring on or off per repository
         * @description Ids in `enable` start mirroring: a backfill job for labels, milestones, issues and comments is queued (a repository already being walked is not walked twice). Ids in `disable` stop future updates; cached data is kept. Answers with the named repositories after the change and the ids of the repository backfill jobs started. The first time any repository is enabled, a projects backfill is queued as well (see sync-status).
         */
        patch: operations["setRepositorySync"];
        trace?: never;
    };
    "/v1/codehost/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sync now
         * @description Reconciles every enabled repository now, as the hourly reconcile does: labels and milestones are re-read, issues and comments changed since the last reconcile are read back, and issues and comments deleted on the code host while a webhook was lost are deleted. A repository whose backfill has not finished is walked instead. The installation's projects (fields, cards and values) are walked again too. Repositories and projects with a reconcile or walk already queued or running are left to it. `queued` names every job that will read the code host for this request: the ones started, and ones already queued or running (a running walk reads in `updated` order, so a change made while it runs is still read). See sync-status.
         */
        post: operations["syncNow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/codehost/sync-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sync jobs and the code-host budget
         * @description The twenty most recent sync jobs, the installation's REST budget as the code host last reported it (zeros before the first request), and whether backfills are paused because less than 10% of the hourly budget is left (writes continue).
         */
        get: operations["getSyncStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/codehost/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive the code host's webhooks
         * @description Where the code host (the GitHub App's webhook URL) delivers events; not for integrators. The credential is `X-Hub-Signature-256`, the HMAC-SHA256 of the exact body under the app's webhook secret: a missing or wrong signature is 401 and nothing is stored. Needs `X-GitHub-Event` and `X-GitHub-Delivery` (422 without them). Each delivery is applied to the cache and recorded by its `X-GitHub-Delivery` in one transaction, committed before the answer (deliveries arriving together may share one; when it fails, each is applied again alone): a delivery seen before answers `{ ok: true, duplicate: true }` and changes nothing; a failure answers 5xx and records nothing, so a redelivery applies it. Changes never move the cache backwards (GitHub's `updated_at` decides). Events for installations no workspace holds, repositories not mirrored, or events not handled are recorded and ignored. 404 when no code host is configured. Not counted by the per-credential rate limiter: the code host sends bursts from few addresses, and a request without a valid signature is refused after one HMAC, before any parsing or database work.
         */
        post: operations["receiveCodehostWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/issues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Issues
         * @description Issues of every repository the workspace has in its cache (repositories that lost access included), read from the cache: no code-host request. Ordered by the sort key, then id. An unknown query parameter is 422 so a misspelt filter never returns unfiltered results. `field:<fieldNodeId>=<value>` (repeatable per field, any value matches; several fields must all hold) keeps issues whose card on that field's project holds the value: single select by option name (case-insensitive) or option id, iteration by title or id, text exactly, number, date (YYYY-MM-DD); `none` keeps cards of that project whose field is unset. An unknown or built-in field, or an unknown option or iteration, is 422. `projectItems` comes from the cache in the page's one statement. A cursor is bound to the sort, the order and every filter.
         */
        get: operations["listIssues"];
        put?: never;
        /**
         * Create an issue
         * @description Creates the issue in the repository on the code host. Authored as the caller's linked code-host account when their `writesAsSelf` is on, else as the app's bot. An expired personal token is refreshed (and stored) first; if refreshing fails the issue is created as the app and its `issue.created` activity says so (`codehostAuthor.fallback: user_token_refresh_failed`), so the person is never blocked. The code host is written first (one request, in the installation's lane: one code-host request in flight per installation across every process); then, in one transaction, the cache is updated from its answer and an activity and an audit entry are recorded. When the code host refuses (502 codehost_error), is unavailable or rate-limits us past a short wait (503 codehost_unavailable with Retry-After), or times out (504 codehost_timeout), nothing changes. A repository that is archived, no longer reachable or not synced is refused with 409 conflict before the code host is asked. `milestoneId` must be a milestone of that repository (422). Honours Idempotency-Key (kept at least 24 hours).
         */
        post: operations["createIssue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/issues/{issueId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One issue
         * @description From the cache. An issue of another workspace is 404.
         */
        get: operations["getIssue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit an issue
         * @description Any of title, body, state, stateReason, labels, assignees, milestone and type, as one code-host request made as the app's bot. The code host is written first (one request, in the installation's lane: one code-host request in flight per installation across every process); then, in one transaction, the cache is updated from its answer and an activity and an audit entry are recorded. When the code host refuses (502 codehost_error), is unavailable or rate-limits us past a short wait (503 codehost_unavailable with Retry-After), or times out (504 codehost_timeout), nothing changes. A repository that is archived, no longer reachable or not synced is refused with 409 conflict before the code host is asked. The activity records what changed, before and after.
         */
        patch: operations["editIssue"];
        trace?: never;
    };
    "/v1/issues/{issueId}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An issue's comments
         * @description Oldest first. `visibility` is `public` when the comment carries the hidden marker the service adds to portal-visible comments and the service wrote it (posted by the app's bot, or recorded as written through the service): a marker typed into any other comment is ignored, so nobody on the code host can publish to a portal. The marker is removed from `body`. Every other comment is `internal`.
         */
        get: operations["listIssueComments"];
        put?: never;
        /**
         * Comment on an issue
         * @description Authored like a new issue (the caller's own code-host account with `writesAsSelf`, else the app's bot); the service records who wrote it, so only they may edit or delete it. `public` adds the hidden marker that lets portal customers read it. The code host is written first (one request, in the installation's lane: one code-host request in flight per installation across every process); then, in one transaction, the cache is updated from its answer and an activity and an audit entry are recorded. When the code host refuses (502 codehost_error), is unavailable or rate-limits us past a short wait (503 codehost_unavailable with Retry-After), or times out (504 codehost_timeout), nothing changes. A repository that is archived, no longer reachable or not synced is refused with 409 conflict before the code host is asked. Honours Idempotency-Key (kept at least 24 hours).
         */
        post: operations["createIssueComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/issues/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply one change to many issues
         * @description Exactly one kind of change (labels, assignees, milestoneId, state with optional stateReason, or a project field) to 1 to 50 distinct issues. Each issue is its own code-host write, made one after another through the installation's lane, so a bulk edit cannot trip the code host's secondary limits. Always 200: `results` has one entry per id in the order given; an unknown or foreign id fails alone with not_found, an archived repository with conflict, a code-host refusal with its code, and the rest go on. Every issue written has its own activity and audit entries. A `field` change made with an API key also needs `projects:write` (403 otherwise, nothing written), as setting one card's field does.
         */
        post: operations["bulkEditIssues"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/issues/{issueId}/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An issue's activity
         * @description Newest first. Every write the service made to the issue, with who (a member, through a session or a named API key) and how it was authored on the code host, and the code-host changes the sync applied. From the cache.
         */
        get: operations["listIssueActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/issues/{issueId}/comments/{commentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete your comment
         * @description Only the comment's own author (as for editing); anyone else's is 403 forbidden. The code host is written first (one request, in the installation's lane: one code-host request in flight per installation across every process); then, in one transaction, the cache is updated from its answer and an activity and an audit entry are recorded. When the code host refuses (502 codehost_error), is unavailable or rate-limits us past a short wait (503 codehost_unavailable with Retry-After), or times out (504 codehost_timeout), nothing changes. A repository that is archived, no longer reachable or not synced is refused with 409 conflict before the code host is asked.
         */
        delete: operations["deleteIssueComment"];
        options?: never;
        head?: never;
        /**
         * Edit your comment
         * @description Only the comment's own author: a comment written through the service by the caller, or authored on the code host by their linked account. Anyone else's is 403 forbidden. A public comment stays public (the marker is sent again with the new text). The code host is written first (one request, in the installation's lane: one code-host request in flight per installation across every process); then, in one transaction, the cache is updated from its answer and an activity and an audit entry are recorded. When the code host refuses (502 codehost_error), is unavailable or rate-limits us past a short wait (503 codehost_unavailable with Retry-After), or times out (504 codehost_timeout), nothing changes. A repository that is archived, no longer reachable or not synced is refused with 409 conflict before the code host is asked.
         */
        patch: operations["editIssueComment"];
        trace?: never;
    };
    "/v1/labels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Labels
         * @description Labels of the repositories in the cache, by name (case-insensitive), then id. From the cache; no code-host request.
         */
        get: operations["listLabels"];
        put?: never;
        /**
         * Create a label
         * @description Creates the label in the repository on the code host as the app's bot, then caches the code host's answer and records an audit entry. A name the repository already has is the code host's refusal (502 codehost_error, nothing changed); an archived, unreachable or unsynced repository is 409. Honours Idempotency-Key (kept at least 24 hours).
         */
        post: operations["createLabel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/milestones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Milestones
         * @description Milestones of the repositories in the cache. Order: open milestones first, then by due date (none last), then by title (case-insensitive), then id. From the cache; no code-host request.
         */
        get: operations["listMilestones"];
        put?: never;
        /**
         * Create a milestone
         * @description Creates the milestone in the repository on the code host as the app's bot, then caches the code host's answer and records an audit entry. A title the repository already has is the code host's refusal (502 codehost_error, nothing changed); an archived, unreachable or unsynced repository is 409. `dueOn` is a date-time or a date (YYYY-MM-DD, midnight UTC). Honours Idempotency-Key (kept at least 24 hours).
         */
        post: operations["createMilestone"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/views": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Saved views
         * @description The workspace's shared views and the caller's own personal views (a colleague's personal view is never listed), by position, then id. `editable` says whether the caller may edit and delete each one.
         */
        get: operations["listViews"];
        put?: never;
        /**
         * Save a view
         * @description A saved filter of the issue list with a sort and a layout. `filter` takes the GET /v1/issues parameters as an object and the same rules apply (a filter the list would refuse is 422); repository, milestone and project ids and field node ids must be this workspace's (422 otherwise). `@me` in `assignee` is whoever runs the view; `updatedSince` may be a window such as -7d, evaluated at each run. Personal by default; a shared view is seen by every member. A board needs `groupBy` (default state); `{ kind: 'field', projectId, fieldNodeId }` groups by a single-select project field.
         */
        post: operations["createView"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/views/{viewId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One view
         * @description A colleague's personal view, and a view of another workspace, are 404.
         */
        get: operations["getView"];
        put?: never;
        post?: never;
        /**
         * Delete a view
         * @description A shared view may be deleted by an admin or owner, or by the member who made it (403 for another member); a personal view only by its owner (to anyone else it does not exist: 404). A built-in view can be deleted like any other and is not re-created.
         */
        delete: operations["deleteView"];
        options?: never;
        head?: never;
        /**
         * Edit a view
         * @description Send only what changes; `filter` replaces the whole filter. Same rights as delete: a personal view only its owner; a shared view the member who made it, or an admin or owner (403 otherwise). Only the member who made a shared view may make it personal. Editing a view ends every cursor of its run and board (422), since they belong to the view as it was.
         */
        patch: operations["editView"];
        trace?: never;
    };
    "/v1/views/{viewId}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Run a view
         * @description The view's filter and sort through GET /v1/issues itself: the same page shape and order as that list with the same parameters, from the cache, no code-host request. Takes only `cursor` and `limit`; any other parameter is 422, so the view's filter cannot be overridden. A window in `updatedSince` (-7d) rolls: it is evaluated at each request. `@me` is the caller. The grouping shapes the board (GET /v1/views/{viewId}/board), not this list. A cursor belongs to the view as it was and to the caller: after the view is edited it is 422; start again without it.
         */
        get: operations["runView"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/views/{viewId}/board": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Run a view as a board
         * @description The view's issues in columns by its `groupBy`, or by the `groupBy` parameter (needed for a list view with no grouping). Every column has its key, title, count and first page of issues (`limit` per column, default 20) in the view's sort. To page one column send `column=<key>` with its `nextCursor`; the answer has that column alone. Columns: state: open, closed. Assignee: each login the view's issues are assigned to, then `none`. Label: each label of the view's repositories by name (empty ones too), then `none`. Milestone: open milestones (empty ones too) and closed ones that hold issues, open first, then by due date, then title, then `none`; keys are milestone ids. Type: each issue type the issues carry, by name, then `none`. A project single-select field: one column per option in the field's order, then `none` (No value: cards of the project with the field unset, as `field:<fieldNodeId>=none` of GET /v1/issues); issues that are not cards of the project are on no column, as on the code host's project board. An issue with several assignees or labels appears in each of their columns, so counts can add up to more than the issues. Cursors end when the view is edited (422).
         */
        get: operations["viewBoard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Projects
         * @description Projects (v2) of the connected installation's account, from the cache (no code-host request), by title then id. The cache is filled by the projects backfill (queued when the first repository is enabled and by POST /v1/codehost/sync) and kept current by the code host's project webhooks.
         */
        get: operations["listProjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{projectId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One project, with its fields
         * @description From the cache. Every field with its node id and type; single-select fields with their options, iteration fields with their iterations (completed ones flagged). Built-in fields (title, assignees, labels, milestone, repository, ...) are listed with `settable: false`. A project of another workspace is 404.
         */
        get: operations["getProject"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{projectId}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A project's cards
         * @description From the cache, in board order. `content.type` is Issue, PullRequest, DraftIssue or Redacted (a card in a repository the installation cannot see: its content is empty, which is not an error). `content.issueId` links to the issue when its repository is synced. Archived cards are not listed, as on the code host's board. `fieldValues` holds the project's own fields (text, number, date, single_select, iteration), keyed by field node id.
         */
        get: operations["listProjectItems"];
        put?: never;
        /**
         * Add an issue to a project
         * @description Adds the issue as a card on the code host, then caches the code host's answer. Idempotent in effect: when the issue is already on the project the code host answers with the existing card, so sending twice makes one card (and one `project.item_added` activity entry). Values a project workflow sets on add arrive later with the code host's project-item webhook. With Idempotency-Key a retry returns the first answer (keys kept 48 hours by default, at least 24).
         */
        post: operations["addProjectItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{projectId}/items/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a card
         * @description Removes the card from the project on the code host (the customer's project changes). The issue stays in its repository with its labels and comments and can be added again.
         */
        delete: operations["removeProjectItem"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{projectId}/items/{itemId}/fields/{fieldNodeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set or clear a field value
         * @description `value` is exactly one of `optionId`, `optionName` (case-insensitive) for single-select fields, `text`, `number`, `date` (YYYY-MM-DD), `iterationId`, or null to clear. The code host has no multi-select field, so `optionIds` is refused (422). An unknown field, option or iteration, a value of the wrong kind, a built-in field (Title, Assignees, Labels, Milestone, Repository, ...) or a Redacted card is 422. Written to the code host first; the card is cached from its answer and returned; `project.field_set` / `project.field_cleared` is recorded on the issue.
         */
        patch: operations["setProjectItemField"];
        trace?: never;
    };
    "/v1/projects/{projectId}/items/{itemId}/move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a card
         * @description `afterItemId` is the node id of the card to place it after, or null for the top of the board. A card that is not on this project, or the card itself, is 422. Changes the order on the code host, then in the cache.
         */
        post: operations["moveProjectItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Portals
         * @description The workspace's customer portals, oldest first.
         */
        get: operations["listPortals"];
        put?: never;
        /**
         * Create a portal
         * @description A customer portal at `<slug>.{portal_domain}`. The slug is a DNS label unique across the service (409 when taken; a few names the service keeps for itself are refused with 422). `open` portals let anybody sign up (with the sign-up challenge); `invite_only` portals only customers a member invited. Honours Idempotency-Key.
         */
        post: operations["createPortal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portals/{portalId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One portal */
        get: operations["getPortal"];
        put?: never;
        post?: never;
        /**
         * Delete a portal
         * @description Deletes the portal with its request types, companies, customers and requests. The issues behind the requests stay on the code host and in the cache.
         */
        delete: operations["deletePortal"];
        options?: never;
        head?: never;
        /**
         * Change a portal
         * @description Any of name, slug (the host moves at once; 409 when taken), reference prefix (existing requests keep their numbers and answer to the new prefix), access, default visibility, and branding fields (null clears one).
         */
        patch: operations["changePortal"];
        trace?: never;
    };
    "/v1/portals/{portalId}/request-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Request types of a portal
         * @description In the order the portal offers them (position, then creation).
         */
        get: operations["listRequestTypes"];
        put?: never;
        /**
         * Create a request type
         * @description A form customers submit through, and where its requests become issues. `destination.repositoryId` must be a mirrored, writable repository of this workspace; `labels` labels of it (matched ignoring case, stored as the repository spells them); `projectNodeId` a project of the workspace; `initialFieldValues` values its fields accept (keyed by field node id, each as the card write takes it); `issueType` a type that issues of the repository's owner carry in the cache. Form keys must differ, and a `select` needs options. A `field` status rule names a single-select field of the destination project and one of its options. Each refusal is 422 with `detail.field` naming the field. Honours Idempotency-Key.
         */
        post: operations["createRequestType"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portals/{portalId}/request-types/{requestTypeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a request type
         * @description Customers can no longer choose it. Requests made through it keep their data and issue; their `requestType` reads null.
         */
        delete: operations["deleteRequestType"];
        options?: never;
        head?: never;
        /**
         * Change a request type
         * @description Any of its fields; `destination` and `form` are replaced whole. The type after the change is checked whole: `destination.repositoryId` must be a mirrored, writable repository of this workspace; `labels` labels of it (matched ignoring case, stored as the repository spells them); `projectNodeId` a project of the workspace; `initialFieldValues` values its fields accept (keyed by field node id, each as the card write takes it); `issueType` a type that issues of the repository's owner carry in the cache. Form keys must differ, and a `select` needs options. A `field` status rule names a single-select field of the destination project and one of its options. Each refusal is 422 with `detail.field` naming the field.
         */
        patch: operations["changeRequestType"];
        trace?: never;
    };
    "/v1/portals/{portalId}/companies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Companies of a portal
         * @description The customer organisations of the portal, by name.
         */
        get: operations["listCompanies"];
        put?: never;
        /**
         * Create a company
         * @description A name unique within the portal, ignoring case (409 otherwise). Honours Idempotency-Key.
         */
        post: operations["createCompany"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portals/{portalId}/companies/{companyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a company
         * @description Its customers stay, without a company; what they see narrows at once to their own and public requests.
         */
        delete: operations["deleteCompany"];
        options?: never;
        head?: never;
        /** Rename a company */
        patch: operations["changeCompany"];
        trace?: never;
    };
    "/v1/portals/{portalId}/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Customers of a portal
         * @description Oldest first; removed customers are not listed. `companyId` keeps the customers of one company.
         */
        get: operations["listCustomers"];
        put?: never;
        /**
         * Invite a customer
         * @description Makes the address a customer of this portal (any portal access: the way into an invite-only one) and e-mails a sign-in link to the portal's `/sign-in/link` page. The mail goes out before the customer is made: when it cannot be sent, 502 and nobody is invited. An address that is a customer already is 409; a removed customer is restored. Honours Idempotency-Key.
         */
        post: operations["inviteCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portals/{portalId}/customers/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a customer
         * @description They cannot sign in any more (their sessions end, their password is gone, their links stop working); their requests and the issues behind them stay. To erase the person, the customer uses `DELETE /portal/me`.
         */
        delete: operations["removeCustomer"];
        options?: never;
        head?: never;
        /**
         * Change a customer's role or company
         * @description Takes effect at once in both directions: what the customer sees, and what their former and new colleagues see of their requests. `companyId` must name a company of this portal (null: none).
         */
        patch: operations["changeCustomer"];
        trace?: never;
    };
    "/v1/portals/{portalId}/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Requests of a portal (the hold queue with `held=true`)
         * @description Oldest first. `status` is the derived status (the request type rules, else the defaults) and is applied after the rules run: every page is full and in order. `held=true` is the hold queue: requests that have not reached the code host, with the requester's name, company and address.
         */
        get: operations["listPortalRequests"];
        put?: never;
        /**
         * Share an issue to the portal as a request
         * @description An issue of this workspace becomes a request of the portal (at most one request per issue per portal: 409), numbered as the portal numbers requests; customers see it by its visibility (`public` by default). Nothing is written to the code host. Honours Idempotency-Key.
         */
        post: operations["shareIssueToPortal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portals/{portalId}/requests/{requestId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One request */
        get: operations["getPortalRequest"];
        put?: never;
        post?: never;
        /**
         * Delete a request
         * @description The request leaves the portal; the issue behind it stays on the code host and in the cache.
         */
        delete: operations["deletePortalRequest"];
        options?: never;
        head?: never;
        /**
         * Change a request
         * @description Its title as customers see it (the issue's own title is not changed) and its visibility, `company` included (a member's decision; a request without a requester cannot be company-visible).
         */
        patch: operations["changePortalRequest"];
        trace?: never;
    };
    "/v1/portals/{portalId}/requests/{requestId}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Release a request from the hold queue
         * @description Files the held request's issue now, as its request type says (repository, labels, issue type, project card with its initial field values), through the installation's lane, and answers the request with its issue. A failure of the code host leaves the request held with the reason in `releaseFailure`, and no issue behind (one made part way is taken back). 409 when the request is not held (`detail.reason`: `filed` or `rejected`) or its request type was deleted (`request_type_deleted`).
         */
        post: operations["releasePortalRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portals/{portalId}/requests/{requestId}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a held request
         * @description Nothing is written to the code host and nobody is e-mailed; the request shows as Closed to the customer who submitted it and to nobody else. 409 when the request is not held.
         */
        post: operations["rejectPortalRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The portal, before signing in
         * @description On a portal's host (`<slug>.{portal_domain}`), what anybody may see of it: name, branding, whether sign-up is open, the request types with their forms, and the challenge widget its forms carry (if any). Nothing about the workspace, the repositories or the status rules behind them.
         */
        get: operations["getPortalFront"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who this customer is
         * @description The signed-in customer of this portal: name, e-mail address, role and company. A session of another portal, a workspace credential or an API key is 401.
         */
        get: operations["getPortalMe"];
        put?: never;
        post?: never;
        /**
         * Delete my account
         * @description Erases the person: their name and addresses, sessions, sign-in, votes (and the counts they made) from every table the service holds, and the attribution lines the service wrote into the code host for them (issues of their requests, their comments) are rewritten through the lane to name "a deleted customer". Their requests and the issues behind them stay. If the code host fails, nothing is erased yet (503/502) and the call can be repeated. The session ends with it.
         */
        delete: operations["deleteMyPortalAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether a customer is signed in
         * @description For a page that must learn whether it is signed in without an error: always 200 on a portal's host, `{ signedIn: true, customer }` (the customer as `GET /portal/me` answers) for a live session of a customer of this portal, else `{ signedIn: false, customer: null }` (no credential, another portal's session, a workspace credential or an API key alike).
         */
        get: operations["getPortalSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/me/preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The customer's e-mail preferences
         * @description Both on for a new customer.
         */
        get: operations["getPortalPreferences"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the customer's e-mail preferences
         * @description `emailUpdates: false` stops every e-mail about followed requests (an unsubscribe link in one of them unfollows that request only); `followOwnRequests: false` leaves requests this customer submits from now on unfollowed. Sign-in links and invitations are sent whatever these say. Answers the preferences after the change.
         */
        patch: operations["changePortalPreferences"];
        trace?: never;
    };
    "/portal/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Requests this customer may see
         * @description Newest first. A customer sees their own requests (held and rejected ones too), every public request, the company-visible requests of their company, and, as a manager, every request of their company. Anything else answers 404, exactly as a reference that names nothing. `status` is the derived status, applied after the rules run, with full pages.
         */
        get: operations["listMyPortalRequests"];
        put?: never;
        /**
         * Submit a request
         * @description Every signed-in customer may submit. `values` are checked against the request type's form (required fields, `select` options, `email`, `url`, `number`, `date` as YYYY-MM-DD, `checkbox`; a key the form lacks is refused), each 422 naming `values.<key>`. On an `open` portal `challengeToken` is checked as on sign-up, and a customer's first request waits in the hold queue (nothing reaches the code host; it is Open to them and seen by nobody else) until a member releases it; while one of theirs is held, later ones are held too. Otherwise the issue is created at once in the request type's repository, through the installation's lane: the form's answers as headed sections and a line naming the requester and their company (never an e-mail address), with the type's labels, issue type, project card and initial field values. If any of that fails, the issue is taken back and nothing is kept (502/503/504 as the code host failed). `Idempotency-Key` replays the first answer to a retry (a fresh `challengeToken` in the retry does not count as a different request).
         */
        post: operations["submitPortalRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/requests/{reference}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One request, by reference
         * @description A customer sees their own requests (held and rejected ones too), every public request, the company-visible requests of their company, and, as a manager, every request of their company. Anything else answers 404, exactly as a reference that names nothing.
         */
        get: operations["getMyPortalRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/requests/{reference}/vote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Vote for a request
         * @description Idempotent in effect: a second vote counts once. Answers the request with `voteCount` and `viewerVoted`. A held or rejected request takes no votes (409, `detail.reason` its state), and nobody votes for their own request (409, `detail.reason: own_request`): votes count how many others want it. A customer sees their own requests (held and rejected ones too), every public request, the company-visible requests of their company, and, as a manager, every request of their company. Anything else answers 404, exactly as a reference that names nothing.
         */
        post: operations["voteForPortalRequest"];
        /**
         * Take back a vote
         * @description Idempotent in effect: taking back a vote that is not there changes nothing. Answers the request. A customer sees their own requests (held and rejected ones too), every public request, the company-visible requests of their company, and, as a manager, every request of their company. Anything else answers 404, exactly as a reference that names nothing.
         */
        delete: operations["withdrawPortalRequestVote"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/requests/{reference}/subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Follow a request
         * @description Idempotent in effect. The requester follows their request from the start. Answers the request with `viewerSubscribed`. A customer sees their own requests (held and rejected ones too), every public request, the company-visible requests of their company, and, as a manager, every request of their company. Anything else answers 404, exactly as a reference that names nothing.
         */
        post: operations["subscribeToPortalRequest"];
        /**
         * Stop following a request
         * @description Idempotent in effect. Answers the request. A customer sees their own requests (held and rejected ones too), every public request, the company-visible requests of their company, and, as a manager, every request of their company. Anything else answers 404, exactly as a reference that names nothing.
         */
        delete: operations["unsubscribeFromPortalRequest"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/requests/{reference}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A request's comments
         * @description Oldest first: the public ones only (customers' comments, and replies the team made public), never an internal comment. A held or rejected request has none. Authors are named by display name with `kind` `customer` or `team`, never by e-mail address.
         */
        get: operations["listPortalRequestComments"];
        put?: never;
        /**
         * Comment on a request
         * @description Posted to the issue on the code host as the service's bot, ending with a line naming the customer and their company and the hidden marker that makes it public; it is always public. 409 while the request is held (or after it was rejected).
         */
        post: operations["commentOnPortalRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/colleagues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * My company's customers (managers)
         * @description A manager's company on this portal: every customer in it who was not removed (the manager included, `you: true`), oldest first, by display name and role. Never an e-mail address: the spec shows no customer another's address, a manager included. 403 for a customer who is not a manager; 409 (`detail.reason` `no_company`) for a manager without a company.
         */
        get: operations["listPortalColleagues"];
        put?: never;
        /**
         * Invite a colleague into my company
         * @description A manager invites a person into their own company on this portal, as a customer: a sign-in link to this portal is mailed to them. 403 for a customer who is not a manager; 409 for a manager without a company, or an address that is a customer here already.
         */
        post: operations["invitePortalColleague"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/me/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download my data
         * @description Everything the service holds about this customer, as one JSON document: profile, requests (with the form answers), comments, votes, subscriptions, the files they uploaded (with download links) and sessions.
         */
        get: operations["downloadMyPortalData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What an unsubscribe link would stop
         * @description On the portal's host, without signing in: the request the link in an e-mail is about. It changes nothing (mail scanners open links); `POST` to the same address unsubscribes. An altered or expired link (90 days) is 404.
         */
        get: operations["describeUnsubscribeLink"];
        put?: never;
        /**
         * Unsubscribe from an e-mail link (one click)
         * @description On the portal's host, without signing in: stops the customer the link was sent to from following the request. This is the `List-Unsubscribe` address of every notification, answering RFC 8058's one-click `POST` (body `List-Unsubscribe=One-Click`, any body is accepted). Idempotent. An altered or expired link is 404.
         */
        post: operations["unsubscribeByLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/attachments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a file
         * @description The body is the file itself, sent as `application/octet-stream` and streamed to storage (never held whole in memory). Its type is read from its content (file-type), not taken from the client: it must be one of `ATTACHMENT_TYPES` (default: PNG, JPEG, GIF, WebP, PDF, plain text) and agree with the name's extension, else 422; larger than `ATTACHMENT_MAX_BYTES` (default 10 MiB) is 422. Nothing is kept of a refused file. The store is local disk or an S3-compatible bucket, as the service is configured; a store that fails answers 502 `dependency_error` and nothing is recorded.
         */
        post: operations["uploadAttachment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/attachments/{attachmentId}/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A fresh download link
         * @description A signed address on this service that downloads the file without a credential, for 15 minutes. Any attachment of the workspace, its portals' included.
         */
        get: operations["getAttachmentLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/attachments/{attachmentId}/open": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open a file (redirect to a fresh link)
         * @description What the links the service writes into GitHub issue bodies point at (GitHub cannot read the store): for a signed-in member, a redirect to a fresh download link.
         */
        get: operations["openAttachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/attachments/{attachmentId}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file (signed link)
         * @description The file, as an attachment (`Content-Disposition: attachment`, `X-Content-Type-Options: nosniff`), with the link from a fresh-link operation. An altered or expired link is 404.
         */
        get: operations["downloadAttachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/attachments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a file to attach to a request
         * @description The body is the file itself, sent as `application/octet-stream` and streamed to storage (never held whole in memory). Its type is read from its content (file-type), not taken from the client: it must be one of `ATTACHMENT_TYPES` (default: PNG, JPEG, GIF, WebP, PDF, plain text) and agree with the name's extension, else 422; larger than `ATTACHMENT_MAX_BYTES` (default 10 MiB) is 422. Nothing is kept of a refused file. The store is local disk or an S3-compatible bucket, as the service is configured; a store that fails answers 502 `dependency_error` and nothing is recorded. Attach it by sending its id in `attachmentIds` when submitting a request.
         */
        post: operations["uploadPortalAttachment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/attachments/{attachmentId}/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A fresh link to a file
         * @description The customer's own uploads, and the attachments of requests they can see; anything else is 404. The link works for 15 minutes without a credential.
         */
        get: operations["getPortalAttachmentLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/billing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's billing
         * @description Standing, plan, seats, limits and usage, and the plans on offer. Standing moves with the payments provider: `trialing` (the trial), `active` (paid), `past_due` (a payment failed; the provider retries and writes go on), `lapsed` (the provider gave up, or a trial ended without a way to pay: writes are refused with 402), `free` (no subscription, or it was cancelled). Without a payments provider configured, every workspace is `free` without limits.
         */
        get: operations["getBilling"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/billing/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a checkout
         * @description The payments provider's checkout page for a paid plan, charging one seat per billable member; the provider's webhook then moves the standing to `active`. Only while no subscription is alive (409 `subscription_exists`: change plans in the billing portal). Open on a lapsed workspace. While billing is not configured on the service, 409 (`detail.reason` `billing_not_configured`).
         */
        post: operations["startBillingCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/billing/portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open the payments provider's billing portal
         * @description Where an owner changes plan, seats' payment method and invoices, or cancels. 409 `no_customer` before a checkout or trial. Open on a lapsed workspace (it is how one pays). While billing is not configured on the service, 409 (`detail.reason` `billing_not_configured`).
         */
        post: operations["openBillingPortal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/billing/trial": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start the 14-day trial
         * @description A 14-day trial of a paid plan (default `team`), without a payment method: standing `trialing` at once. Once per workspace, ever (409 `trial_used`), and not beside a live subscription (409 `subscription_exists`). Add a payment method in the billing portal before it ends, or the standing becomes `lapsed`. While billing is not configured on the service, 409 (`detail.reason` `billing_not_configured`).
         */
        post: operations["startBillingTrial"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/billing/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive the payments provider's webhook
         * @description Where Stripe delivers events; not for integrators. The credential is `Stripe-Signature` over the exact body under the endpoint's signing secret (401 otherwise; 404 while billing is off). Each event is applied once by its id (a replay answers `duplicate: true`); the subscription it names is read again from the provider, so events arriving late, twice or out of order leave the latest state. Events that name no subscription are recorded and ignored. If the provider cannot be read, 502 and nothing is recorded, so the provider's retry applies it.
         */
        post: operations["receiveBillingWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations/chat-webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The outgoing chat webhook
         * @description The workspace's chat webhook: its masked URL, the events it hears, whether it is on, why the service turned it off, and the last delivery. 404 when none is set. This is a chat notification, not a webhook API for integrators: one URL per workspace, these events, a chat message each.
         */
        get: operations["getChatWebhook"];
        /**
         * Set the outgoing chat webhook
         * @description Sets (or replaces) the workspace's chat webhook: URL, events and whether it is on. Each event is a Slack-compatible message (`text` and `blocks`: a mrkdwn section naming the portal, the request's reference and title, the status and a link to the request on the portal, with an excerpt for public comments, and a context line), sent through the job queue with retries and backoff. If deliveries keep failing for 24 hours the service turns it off and says why in `disabledReason`; setting it again turns it back on with a clean record (messages queued before a new setting are dropped). Safety: the URL must be https (outside development and test) without credentials; its host is resolved and every address must be public (no loopback, private, carrier-grade NAT, link-local or cloud metadata, multicast or unspecified address, IPv4-mapped forms included; `CHAT_WEBHOOK_ALLOW_PRIVATE` admits loopback and private ones for tests and demo mode). The check is made again on every delivery, on the very address connected to. Redirects are never followed (a 3xx is a failure), an answer must come within 5 s, and at most 64 KB of it is read. A refused URL is 422 with `detail.reason` `url_refused`. Audited.
         */
        put: operations["setChatWebhook"];
        post?: never;
        /**
         * Remove the outgoing chat webhook
         * @description Removes the workspace's chat webhook; messages still queued are dropped. 404 when none is set. Audited.
         */
        delete: operations["removeChatWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/integrations/chat-webhook/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test message
         * @description Sends a test message to the workspace's chat webhook now, whether it is on or off, and answers whether the chat service accepted it (2xx) with the status or the error. Recorded as the last delivery; it does not start or stop the 24-hour failure clock. 404 when none is set. Safety: the URL must be https (outside development and test) without credentials; its host is resolved and every address must be public (no loopback, private, carrier-grade NAT, link-local or cloud metadata, multicast or unspecified address, IPv4-mapped forms included; `CHAT_WEBHOOK_ALLOW_PRIVATE` admits loopback and private ones for tests and demo mode). The check is made again on every delivery, on the very address connected to. Redirects are never followed (a 3xx is a failure), an answer must come within 5 s, and at most 64 KB of it is read.
         */
        post: operations["testChatWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your inbox
         * @description Your notifications in this workspace, newest first, with `unreadCount`. Each is one event that concerned you, made when the change was written through the service or when the code host's webhook told of it (a redelivery, or the webhook echo of the service's own write, adds nothing). `assigned` (a change assigned you to the issue), `mentioned` (your linked code-host login was @-mentioned in an issue body or a comment, outside code), `comment` (a new comment on an issue you follow: you authored it, are assigned to it, or followed it, unless you stopped following it), `request_status` (a portal request whose issue you follow changed status), `request_new` (a customer submitted a request that reached the team) and `request_held` (a customer's request waits in the hold queue); the last two only when you turn them on. One event makes at most one notification for a person: of every reason it has to reach them, the most specific kind wins, in the order assigned > mentioned > request_status > comment > request_held > request_new (kinds turned off in the preferences do not count). Nobody hears of their own action: a change made through the service by them, or on the code host by their linked account. Read notifications are deleted 90 days after they were made; unread ones stay. A cursor is bound to you and to `unread`.
         */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark notifications read
         * @description Send exactly one of `notificationIds` (at most 500) or `all` (`true` marks every unread one; `false` marks nothing), else 422. An id of somebody else's notification, or of none, is ignored, not refused. A notification already read keeps the time it was first read. `marked` is how many went from unread to read by this call. Callable by every credential whatever its scopes. Your own inbox settings, not workspace data: allowed to every role and every API key, and while the workspace's billing has lapsed.
         */
        post: operations["markNotificationsRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notifications/preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your notification preferences
         * @description For each kind: whether it arrives in your inbox, and how it reaches you by e-mail (only notifications that arrive are e-mailed). Defaults (a kind you never changed): `assigned` in the inbox, e-mail daily; `mentioned` in the inbox, e-mail daily; `comment` in the inbox; `request_status` in the inbox; `request_new` off; `request_held` off. Per workspace.
         */
        get: operations["getNotificationPreferences"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change your notification preferences
         * @description Any kinds, each with `inbox`, `email` or both; the rest stay. Applies to notifications made from now on (one made earlier keeps the e-mail setting it arrived with). `immediate` e-mails wait for the collapse window (`NOTIFY_COLLAPSE_SECONDS`, 60 by default) and carry everything of yours that arrived in it; the daily digest goes at 07:00 UTC with what is still unread. Your own inbox settings, not workspace data: allowed to every role and every API key, and while the workspace's billing has lapsed.
         */
        patch: operations["changeNotificationPreferences"];
        trace?: never;
    };
    "/v1/issues/{issueId}/follow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether you follow an issue
         * @description An issue's author and assignees (by their linked code-host accounts) follow it until they unfollow it; members who create an issue through the service follow it. An issue of another workspace is 404.
         */
        get: operations["getIssueFollow"];
        /**
         * Follow an issue
         * @description Its new comments (kind `comment`) and the status changes of portal requests on it (`request_status`) reach your inbox. Idempotent. An issue of another workspace is 404. Your own inbox settings, not workspace data: allowed to every role and every API key that reads issues, and while the workspace's billing has lapsed.
         */
        put: operations["followIssue"];
        post?: never;
        /**
         * Stop following an issue
         * @description Its comments and request status changes stop reaching you, even as its author or an assignee, until you follow it again; being assigned or mentioned still does. Idempotent. An issue of another workspace is 404. Your own inbox settings, not workspace data: allowed to every role and every API key that reads issues, and while the workspace's billing has lapsed.
         */
        delete: operations["unfollowIssue"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The MCP server (Streamable HTTP, stateless)
         * @description The Model Context Protocol over Streamable HTTP for AI assistants: one JSON-RPC message per POST, answered as JSON (no session, no server-sent stream). An API key only: a session token is 403. Send `Accept: application/json, text/event-stream`, as the protocol requires.
         *
         *     Each tool is an operation of this API, served by it with the same access check, input schemas, handler, write lane and audit: `list_issues` (listIssues), `get_issue` (getIssue), `list_issue_comments` (listIssueComments), `list_issue_activity` (listIssueActivity), `create_issue` (createIssue), `edit_issue` (editIssue), `bulk_edit_issues` (bulkEditIssues), `add_comment` (createIssueComment), `edit_comment` (editIssueComment), `list_repositories` (listRepositories), `list_labels` (listLabels), `list_milestones` (listMilestones), `list_projects` (listProjects), `get_project` (getProject), `list_project_items` (listProjectItems), `set_project_field` (setProjectItemField), `list_views` (listViews), `run_view` (runView), `sync_status` (getSyncStatus), `list_portals` (listPortals), `list_portal_requests` (listPortalRequests), `get_portal_request` (getPortalRequest), `release_request` (releasePortalRequest), `reject_request` (rejectPortalRequest). `tools/list` lists only the tools the key's role and scopes allow; a refused call is a tool result with `isError: true` holding this API's error envelope. Creating tools take an optional `idempotencyKey` argument with the Idempotency-Key rule.
         *
         *     Failures of the credential, and a body that is not JSON, are this API's envelope (401, 403, 422, 429); failures of the protocol itself (a message that is not JSON-RPC, a missing Accept) are the protocol's JSON-RPC error objects with 400, 406 or 415. GET and DELETE are 405.
         */
        post: operations["mcp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ViewGroupByInput: {
            /** @enum {string} */
            kind: "state" | "assignee" | "label" | "milestone" | "type";
        } | {
            /** @constant */
            kind: "field";
            /** Format: uuid */
            projectId: string;
            /** @description A single-select field of the project. */
            fieldNodeId: string;
        };
        /**
         * @description `request.created`: a customer submitted a request that went to the team; `request.held`: a newcomer on an open portal submitted one that waits in the hold queue; `request.released`: a member released a held request; `request.status_changed`: a request's derived status moved; `request.public_comment`: a public comment (team or customer) on a request.
         * @enum {string}
         */
        ChatWebhookEventInput: "request.created" | "request.held" | "request.released" | "request.status_changed" | "request.public_comment";
        ChatWebhookSettingInput: {
            /**
             * Format: uri
             * @description A Slack-compatible incoming-webhook URL (Slack, Mattermost, Rocket.Chat, Discord with `/slack` at the end). https only in production; its host must resolve to public addresses only.
             */
            url: string;
            /** @description What the channel hears of; an empty list sends nothing. */
            events: components["schemas"]["ChatWebhookEventInput"][];
            /** @default true */
            enabled: boolean;
        };
        Error: {
            error: {
                /**
                 * @description Stable identifier, safe to branch on.
                 * @enum {string}
                 */
                code: "unauthenticated" | "payment_required" | "forbidden" | "not_found" | "conflict" | "invalid_request" | "rate_limited" | "internal" | "codehost_error" | "dependency_error" | "codehost_unavailable" | "codehost_timeout";
                /** @description For a person. */
                message: string;
                /** @description Structured particulars. */
                detail?: {
                    [key: string]: unknown;
                };
                /** @description What to do about it. */
                remedy?: string;
                /** @description Equals the X-Request-Id header; quote it when asking about a failure. */
                requestId: string;
            };
        };
        Ok: {
            /** @constant */
            ok: true;
        };
        Workspace: {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            /** Format: date-time */
            createdAt: string;
            /**
             * @description The calling person's role in it.
             * @enum {string}
             */
            role: "viewer" | "member" | "admin" | "owner";
            codehost: {
                connected: boolean;
                accountLogin: string | null;
                suspended: boolean;
            };
        };
        Me: {
            /** Format: uuid */
            userId: string;
            name: string;
            /** Format: email */
            email: string;
            /** @description The person's linked code-host identity, shared by all their workspaces; null until linked. */
            codehost: {
                login: string;
                userId: number;
                writesAsSelf: boolean;
            } | null;
            workspaceCount: number;
        };
        Account: {
            /** Format: uuid */
            userId: string;
            name: string;
            /** Format: email */
            email: string;
            /** @description The person's linked code-host identity, shared by all their workspaces; null until linked. */
            codehost: {
                login: string;
                userId: number;
                writesAsSelf: boolean;
            } | null;
            /** @description Null when the request named no workspace (an API key always names its own). */
            workspace: {
                /** Format: uuid */
                id: string;
                name: string;
                slug: string;
                /** @enum {string} */
                role: "viewer" | "member" | "admin" | "owner";
                /** Format: uuid */
                membershipId: string;
            } | null;
            credential: {
                /** @enum {string} */
                via: "session" | "api_key";
                apiKeyId: string | null;
                /** @description Empty means not narrowed. */
                scopes: ("self:read" | "workspace:read" | "workspace:write" | "members:read" | "members:write" | "codehost:read" | "codehost:write" | "issues:read" | "issues:write" | "projects:read" | "projects:write" | "portals:read" | "portals:write" | "requests:read" | "requests:write" | "views:read" | "views:write" | "keys:read" | "keys:write")[];
            };
        };
        ApiKey: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Empty means not narrowed: the key may do anything its member’s role allows. */
            scopes: ("self:read" | "workspace:read" | "workspace:write" | "members:read" | "members:write" | "codehost:read" | "codehost:write" | "issues:read" | "issues:write" | "projects:read" | "projects:write" | "portals:read" | "portals:write" | "requests:read" | "requests:write" | "views:read" | "views:write" | "keys:read" | "keys:write")[];
            /** @description The first characters of the key, to tell keys apart. */
            prefix: string;
            /** @description The member the key acts as. */
            createdBy: {
                /** Format: uuid */
                membershipId: string;
                name: string;
            };
            expiresAt: string | null;
            lastUsedAt: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        IssuedApiKey: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Empty means not narrowed: the key may do anything its member’s role allows. */
            scopes: ("self:read" | "workspace:read" | "workspace:write" | "members:read" | "members:write" | "codehost:read" | "codehost:write" | "issues:read" | "issues:write" | "projects:read" | "projects:write" | "portals:read" | "portals:write" | "requests:read" | "requests:write" | "views:read" | "views:write" | "keys:read" | "keys:write")[];
            /** @description The first characters of the key, to tell keys apart. */
            prefix: string;
            /** @description The member the key acts as. */
            createdBy: {
                /** Format: uuid */
                membershipId: string;
                name: string;
            };
            expiresAt: string | null;
            lastUsedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @description The key itself (`svc_…`). Shown this once; only its SHA-256 digest is stored. */
            key: string;
        };
        AuditEntry: {
            /** Format: uuid */
            id: string;
            /** @description The object, then what happened: `member.role_changed`, `api_key.issued`, … */
            action: string;
            /** @description Who: a member, with the credential used (a session or a named API key), a portal customer, or the payments provider (`type` `payments_provider`, `name`). */
            actor: {
                type: string;
                /** Format: uuid */
                userId?: string;
                name?: string;
                membershipId?: string | null;
                /**
                 * Format: uuid
                 * @description A portal customer (`type` `customer`).
                 */
                customerId?: string;
                /** Format: uuid */
                portalId?: string;
                credential?: {
                    /** @enum {string} */
                    via: "session" | "api_key";
                    /** Format: uuid */
                    apiKeyId?: string;
                    name?: string;
                };
            };
            target: {
                type: string;
                id: string;
            };
            before: {
                [key: string]: unknown;
            } | null;
            after: {
                [key: string]: unknown;
            } | null;
            /** @description The X-Request-Id of the request that made the change. */
            requestId: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        Repository: {
            /** Format: uuid */
            id: string;
            /** @description The code host's numeric id of the repository. */
            codehostId: number;
            nodeId: string;
            ownerLogin: string;
            name: string;
            fullName: string;
            private: boolean;
            archived: boolean;
            /** Format: uri */
            htmlUrl: string;
            /** @description Whether the service mirrors its issues; off until an admin turns it on. */
            syncEnabled: boolean;
            /** @description The installation no longer has access; listed until the nightly cleanup. */
            removed: boolean;
            syncedAt: string | null;
        };
        CodehostConnection: {
            connected: boolean;
            installationId: number | null;
            accountLogin: string | null;
            /** @description User or Organization. */
            accountType: string | null;
            repositorySelection: ("all" | "selected") | null;
            suspended: boolean;
            /** @description Repositories the installation covers. */
            repositories: number;
            connectedAt: string | null;
        };
        SyncJob: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "repository_backfill" | "projects_backfill" | "reconcile";
            repositoryId: string | null;
            repositoryFullName: string | null;
            /** @enum {string} */
            status: "queued" | "running" | "paused" | "done" | "failed";
            /** @description Which part of the walk: labels, milestones, issues, comments, deletions (reconcile only), done (or cancelled when sync was turned off). */
            phase: string;
            error: string | null;
            /** @description When a paused or retrying job continues. */
            resumeAfter: string | null;
            /** Format: date-time */
            createdAt: string;
            finishedAt: string | null;
        };
        RequestType: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            portalId: string;
            name: string;
            description: string | null;
            form: {
                key: string;
                label: string;
                /** @enum {string} */
                type: "text" | "textarea" | "select" | "checkbox" | "email" | "url" | "number" | "date";
                required: boolean;
                options: string[];
                helpText: string | null;
            }[];
            destination: {
                /** @description null when the repository was dropped from the cache (access lost); submitting is then refused until it is set again. */
                repositoryId: string | null;
                repositoryFullName: string | null;
                labels: string[];
                projectNodeId: string | null;
                initialFieldValues: {
                    [key: string]: unknown;
                };
                issueType: string | null;
            };
            statusMap: {
                /** @description `closed` (with a state reason, or null for any), `open`, `label` (the issue has it) or `field` (its card on the destination project holds this option). */
                when: {
                    /** @constant */
                    kind: "closed";
                    /** @description null: closed with any reason. */
                    stateReason: ("completed" | "not_planned" | "duplicate") | null;
                } | {
                    /** @constant */
                    kind: "open";
                } | {
                    /** @constant */
                    kind: "label";
                    /** @description The issue carries this label (ignoring case). */
                    name: string;
                } | {
                    /** @constant */
                    kind: "field";
                    /** @description A single-select field of the destination project (its Status field, say). */
                    fieldNodeId: string;
                    /** @description The option's name (ignoring case) the issue's card holds. */
                    value: string;
                };
                /** @enum {string} */
                status: "Open" | "Planned" | "In progress" | "Waiting on you" | "Completed" | "Merged" | "Closed";
            }[];
            position: number;
            /** Format: date-time */
            createdAt: string;
        };
        Invitation: {
            /** Format: uuid */
            id: string;
            /** Format: email */
            email: string;
            /** @enum {string} */
            role: "viewer" | "member" | "admin" | "owner";
            /** @description Name of the member who sent it. */
            invitedBy: string;
            workspaceName: string;
            /** Format: date-time */
            expiresAt: string;
            /** Format: date-time */
            createdAt: string;
        };
        ProjectFieldValue: {
            /** @constant */
            type: "text";
            text: string;
        } | {
            /** @constant */
            type: "number";
            number: number;
        } | {
            /** @constant */
            type: "date";
            /** @description YYYY-MM-DD */
            date: string;
        } | {
            /** @constant */
            type: "single_select";
            optionId: string;
            name: string;
            color: string;
        } | {
            /** @constant */
            type: "iteration";
            iterationId: string;
            title: string;
            startDate: string;
            /** @description Days. */
            duration: number;
        };
        ProjectSummary: {
            /** Format: uuid */
            id: string;
            nodeId: string;
            number: number;
            title: string;
            ownerLogin: string;
            closed: boolean;
            /**
             * Format: uri
             * @description The project on the code host.
             */
            url: string;
            /**
             * Format: date-time
             * @description The code host's updated_at.
             */
            updatedAt: string;
            /** Format: date-time */
            syncedAt: string;
        };
        ProjectField: {
            /** @description What `field:<fieldNodeId>` filters and the field routes take. */
            nodeId: string;
            name: string;
            /** @description Lowercase code-host field type: text, number, date, single_select, iteration can be set; others (title, assignees, labels, milestone, repository, ...) are built in. */
            dataType: string;
            /** @description False for built-in fields, which follow the issue and cannot be set or cleared on the card. */
            settable: boolean;
            /** @description Single-select fields only. */
            options: {
                id: string;
                name: string;
                color: string;
                description: string | null;
            }[] | null;
            /** @description Iteration fields only, completed ones included. */
            iterations: {
                id: string;
                title: string;
                startDate: string;
                duration: number;
                completed: boolean;
            }[] | null;
        };
        Project: {
            /** Format: uuid */
            id: string;
            nodeId: string;
            number: number;
            title: string;
            ownerLogin: string;
            closed: boolean;
            /**
             * Format: uri
             * @description The project on the code host.
             */
            url: string;
            /**
             * Format: date-time
             * @description The code host's updated_at.
             */
            updatedAt: string;
            /** Format: date-time */
            syncedAt: string;
            fields: components["schemas"]["ProjectField"][];
        };
        ProjectItem: {
            /** Format: uuid */
            id: string;
            /** @description What the item routes take as `itemId`. */
            itemNodeId: string;
            /** Format: uuid */
            projectId: string;
            /** @description What the card points at. */
            content: {
                /**
                 * @description `Redacted`: the card points into a repository the installation cannot see; nothing else about it is known and that is not an error.
                 * @enum {string}
                 */
                type: "Issue" | "PullRequest" | "DraftIssue" | "Redacted";
                /** @description Issues and pull requests. */
                state: ("open" | "closed") | null;
                /** @description The issue in this service when its repository is synced; null otherwise. */
                issueId: string | null;
                number: number | null;
                /** @description Null for Redacted. */
                title: string | null;
                repositoryFullName: string | null;
            };
            /** @description Keyed by the field's node id; an unset field is absent. */
            fieldValues: {
                [key: string]: components["schemas"]["ProjectFieldValue"];
            };
        };
        CodehostActor: {
            /** @description Code-host user id. */
            id: number;
            login: string;
            avatarUrl: string | null;
            /** @enum {string} */
            type: "User" | "Bot" | "Organization";
        };
        Milestone: {
            /** Format: uuid */
            id: string;
            nodeId: string;
            /** Format: uuid */
            repositoryId: string;
            number: number;
            title: string;
            description: string | null;
            /** @enum {string} */
            state: "open" | "closed";
            dueOn: string | null;
        };
        Issue: {
            /** Format: uuid */
            id: string;
            nodeId: string;
            number: number;
            title: string;
            body: string | null;
            /** @enum {string} */
            state: "open" | "closed";
            /** @description Null while open. */
            stateReason: ("completed" | "not_planned" | "duplicate" | "reopened") | null;
            repository: {
                /** Format: uuid */
                id: string;
                nodeId: string;
                fullName: string;
                ownerLogin: string;
                name: string;
                private: boolean;
            };
            /** @description Null only when the code host no longer knows the account. */
            author: components["schemas"]["CodehostActor"] | null;
            assignees: (components["schemas"]["CodehostActor"] | null)[];
            labels: {
                nodeId: string;
                name: string;
                color: string;
            }[];
            milestone: components["schemas"]["Milestone"] | null;
            /** @description The organization issue type, when the organization uses them. */
            issueType: {
                id: number;
                nodeId: string;
                name: string;
                color: string | null;
            } | null;
            subIssues: {
                total: number;
                completed: number;
                percentCompleted: number;
            } | null;
            /** @description The cards of this issue on the workspace's projects (archived cards left out). `itemNodeId` is what the project item routes take. */
            projectItems: {
                itemNodeId: string;
                /** Format: uuid */
                projectId: string;
                projectNodeId: string;
                projectTitle: string;
                /** @description Keyed by the field's node id; an unset field is absent. */
                fieldValues: {
                    [key: string]: components["schemas"]["ProjectFieldValue"];
                };
            }[];
            /** @description Portal requests that point at this issue, at most one per portal, by portal name. `number` is the portal-local request number (the reference is `<referencePrefix>-<number>`); `voteCount`: the votes of customers on the request. */
            requests: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                portalId: string;
                portalSlug: string;
                portalName: string;
                number: string;
                /** @enum {string} */
                visibility: "private" | "company" | "public";
                voteCount: number;
            }[];
            commentsCount: number;
            locked: boolean;
            /**
             * Format: uri
             * @description The issue on the code host.
             */
            htmlUrl: string;
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description The code host's updated_at.
             */
            updatedAt: string;
            closedAt: string | null;
            /**
             * Format: date-time
             * @description When the service last read this issue from the code host.
             */
            syncedAt: string;
        };
        Comment: {
            /** Format: uuid */
            id: string;
            nodeId: string;
            /** @description Without the hidden visibility marker. */
            body: string;
            author: components["schemas"]["CodehostActor"] | null;
            /**
             * @description `public`: a customer of the portal can see it; `internal`: never reaches a customer.
             * @enum {string}
             */
            visibility: "public" | "internal";
            /** @description The portal customer who wrote it through their portal (posted by the app with a line naming them); null for anything else. */
            customer: {
                /** Format: uuid */
                id: string;
                name: string;
                company: string | null;
                /** Format: uuid */
                portalId: string;
                portalName: string;
            } | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** Format: uri */
            htmlUrl: string;
        };
        IssueActivity: {
            /** Format: uuid */
            id: string;
            /** @description The object then what happened: `issue.created`, `issue.edited`, `issue.closed`, `comment.added`, ... */
            action: string;
            /** @description `type` member (with the credential: session or named API key), customer, codehost or job. */
            actor: {
                [key: string]: unknown;
            };
            detail: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            createdAt: string;
        };
        Label: {
            /** Format: uuid */
            id: string;
            nodeId: string;
            /** Format: uuid */
            repositoryId: string;
            name: string;
            /** @description Hex colour without #. */
            color: string;
            description: string | null;
        };
        Member: {
            /** Format: uuid */
            membershipId: string;
            /** Format: uuid */
            userId: string;
            name: string;
            /** Format: email */
            email: string;
            /** @enum {string} */
            role: "viewer" | "member" | "admin" | "owner";
            /** @description The linked code-host identity; `writesAsSelf` is their choice to author issues they create as themselves. */
            codehost: {
                login: string;
                writesAsSelf: boolean;
            } | null;
            /** Format: date-time */
            createdAt: string;
        };
        ViewFilter: {
            q: string | null;
            repository: string[];
            /** @enum {string} */
            state: "open" | "closed" | "all";
            label: string[];
            assignee: string[];
            milestone: string[];
            project: string[];
            type: string[];
            updatedSince: string | null;
            fields: {
                [key: string]: string;
            };
        };
        ViewGroupBy: {
            /** @enum {string} */
            kind: "state" | "assignee" | "label" | "milestone" | "type";
        } | {
            /** @constant */
            kind: "field";
            /** Format: uuid */
            projectId: string;
            /** @description A single-select field of the project. */
            fieldNodeId: string;
        };
        View: {
            /** Format: uuid */
            id: string;
            name: string;
            /**
             * @description `shared`: every member of the workspace sees it; `personal`: only the member who made it.
             * @enum {string}
             */
            visibility: "shared" | "personal";
            /** @description Created with the workspace. Deletable like any other view, and never re-created. */
            builtIn: boolean;
            /** @description The member who made it; null for built-in views and after that member left. */
            ownerMembershipId: string | null;
            ownerName: string | null;
            /** @description Whether the caller may edit and delete it. */
            editable: boolean;
            filter: components["schemas"]["ViewFilter"];
            /** @enum {string} */
            sort: "updated" | "created" | "number" | "title" | "comments";
            /** @enum {string} */
            order: "asc" | "desc";
            /** @enum {string} */
            layout: "list" | "board";
            /** @description How the board groups issues into columns; required for a board. */
            groupBy: components["schemas"]["ViewGroupBy"] | null;
            position: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        ViewBoard: {
            /** @description The grouping the columns follow. */
            groupBy: components["schemas"]["ViewGroupBy"];
            columns: {
                /** @description Send as `column` to page this column. */
                key: string;
                title: string;
                /** @description Label or issue type color, when there is one. */
                color: string | null;
                /** @description How many of the view's issues the column holds. */
                count: number;
                /** @description The first page (or the page after `cursor`), in the view’s sort. */
                issues: components["schemas"]["Issue"][];
                /** @description Send with `column` for the next page of this column; null on its last page. */
                nextCursor: string | null;
            }[];
        };
        Portal: {
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            /** @description `<slug>.{portal_domain}`: where customers reach the portal. */
            host: string;
            referencePrefix: string;
            /**
             * @description `open`: anybody may sign up (with a challenge); `invite_only`: only invited customers.
             * @enum {string}
             */
            access: "open" | "invite_only";
            /**
             * @description The widest visibility a customer may give a request they submit.
             * @enum {string}
             */
            defaultVisibility: "private" | "public";
            branding: {
                /** @description An https address of the logo image. */
                logoUrl: string | null;
                accentColor: string | null;
                /** @description Shown on the portal before signing in. */
                welcomeText: string | null;
            };
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        Company: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            portalId: string;
            name: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        PortalCustomer: {
            /**
             * Format: uuid
             * @description The portal membership id (not the sign-in identity): what customer routes take.
             */
            id: string;
            /** Format: uuid */
            portalId: string;
            name: string;
            /** Format: email */
            email: string;
            /**
             * @description `manager`: sees every request of their company and may invite colleagues into it.
             * @enum {string}
             */
            role: "customer" | "manager";
            company: {
                /** Format: uuid */
                id: string;
                name: string;
            } | null;
            /** Format: date-time */
            createdAt: string;
        };
        PortalColleague: {
            /**
             * Format: uuid
             * @description The colleague's portal membership id.
             */
            id: string;
            /** @description Their display name; never their e-mail address. */
            name: string;
            /**
             * @description `manager`: sees every request of their company and may invite colleagues into it.
             * @enum {string}
             */
            role: "customer" | "manager";
            /** @description Whether this is the manager asking. */
            you: boolean;
            /**
             * Format: date-time
             * @description When they became a customer of this portal (invited or signed up).
             */
            joinedAt: string;
        };
        PortalRequestTypeForm: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string | null;
            form: {
                key: string;
                label: string;
                /** @enum {string} */
                type: "text" | "textarea" | "select" | "checkbox" | "email" | "url" | "number" | "date";
                required: boolean;
                options: string[];
                helpText: string | null;
            }[];
        };
        PortalFront: {
            name: string;
            host: string;
            referencePrefix: string;
            /** @enum {string} */
            access: "open" | "invite_only";
            /** @description Whether anybody may make an account here (an open portal); invite-only portals sign in invited customers only. */
            signUpOpen: boolean;
            /**
             * @description The widest visibility a customer may give a request.
             * @enum {string}
             */
            defaultVisibility: "private" | "public";
            branding: {
                logoUrl: string | null;
                accentColor: string | null;
                welcomeText: string | null;
            };
            /** @description What a customer may submit, in the order offered, with their forms; where requests go is not shown. */
            requestTypes: components["schemas"]["PortalRequestTypeForm"][];
            /** @description The challenge widget this portal's forms carry: on an `open` portal with a challenge configured, sign-up, both sign-ins and a request's submission need the widget's response as `challengeToken` (each response once). Null when this portal asks no challenge (an invite-only portal, or a deployment that checks none). */
            challenge: {
                /** @description The widget's site key (public). */
                siteKey: string;
                /** @description The widget's script: Turnstile's API, rendered explicitly with `turnstile.render(element, { sitekey, callback })`. */
                scriptUrl: string;
            } | null;
        };
        PortalMe: {
            /**
             * Format: uuid
             * @description The customer id (the portal membership).
             */
            id: string;
            name: string;
            /** Format: email */
            email: string;
            /**
             * @description `manager`: sees every request of their company and may invite colleagues into it.
             * @enum {string}
             */
            role: "customer" | "manager";
            company: {
                /** Format: uuid */
                id: string;
                name: string;
            } | null;
            portal: {
                name: string;
                host: string;
            };
            /** @description Whether this customer's next request would wait in the hold queue for the team before it goes any further: on an `open` portal, until one of their requests has been released, and while one is held. Always false on an invite-only portal. */
            nextRequestHeld: boolean;
        };
        PortalSession: {
            /** @description Whether the request carries a live session of a customer of this portal. */
            signedIn: boolean;
            /** @description The signed-in customer, as `GET /portal/me` answers; null when signed out. */
            customer: components["schemas"]["PortalMe"] | null;
        };
        PortalPreferences: {
            /** @description E-mail about the requests this customer follows (status changes, public replies). Off: they stay followed and nothing is sent. */
            emailUpdates: boolean;
            /** @description A request this customer submits is followed from the start (they may still follow or unfollow any request). */
            followOwnRequests: boolean;
        };
        Attachment: {
            /** Format: uuid */
            id: string;
            filename: string;
            /** @description As the content shows it, never as the client said. */
            contentType: string;
            size: number;
            /** Format: date-time */
            createdAt: string;
        };
        PortalRequest: {
            /** Format: uuid */
            id: string;
            /** @description `<referencePrefix>-<number>`; the number alone also finds it on the portal. */
            reference: string;
            number: number;
            title: string;
            /** @description Derived from the issue at this read (see the request type). */
            status: {
                /** @enum {string} */
                id: "open" | "planned" | "in_progress" | "waiting_on_you" | "completed" | "merged" | "closed";
                label: string;
            };
            /** @enum {string} */
            visibility: "private" | "company" | "public";
            /** @description In the hold queue: nothing has reached the code host. */
            held: boolean;
            rejected: boolean;
            requestType: {
                /** Format: uuid */
                id: string;
                name: string;
            } | null;
            /** @description The customer who submitted it; null for an issue a member shared. */
            requester: {
                /** Format: uuid */
                id: string;
                name: string;
                email: string;
                company: {
                    /** Format: uuid */
                    id: string;
                    name: string;
                } | null;
            } | null;
            /** @description The form's answers, by field key. */
            values: {
                [key: string]: string;
            };
            /** @description Customers' votes. */
            voteCount: number;
            /** @description Why the last release from the hold queue failed (the request stayed held); null otherwise. */
            releaseFailure: string | null;
            issue: {
                /** @description The cached issue; null while held, rejected, or when its repository is no longer mirrored. */
                id: string | null;
                number: number | null;
                /** @description null while held or rejected. */
                state: ("open" | "closed") | null;
                htmlUrl: string | null;
                repository: {
                    /** Format: uuid */
                    id: string;
                    fullName: string;
                } | null;
            };
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        PortalCustomerRequest: {
            reference: string;
            title: string;
            /** @description Derived from the issue at this read; a held request is Open to its requester, a rejected one Closed. */
            status: {
                /** @enum {string} */
                id: "open" | "planned" | "in_progress" | "waiting_on_you" | "completed" | "merged" | "closed";
                label: string;
            };
            /** @enum {string} */
            visibility: "private" | "company" | "public";
            /** @description The request type's name; null when it was deleted or the team shared an issue without one. */
            requestType: string | null;
            /** @description The requester's display name, never an e-mail address; the portal's team for an issue the team shared. */
            submittedBy: string;
            /** @description The requester's company, if any. */
            company: string | null;
            /** @description Whether this customer submitted it. */
            mine: boolean;
            /** @description True only on the requester's own request while it waits in the hold queue (an open portal's newcomer's first request, and any sent while one is held): the team has not accepted it yet, nothing reached the code host, nobody else sees it, and it takes no votes or comments (409) until a member releases it. Its `status` stays Open. False for everybody else's requests (nobody else sees a held one). */
            held: boolean;
            /** @description True only on the requester's own request that the team declined from the hold queue: nothing reached the code host, nobody else sees it, it takes no votes or comments (409), and its `status` is Closed. */
            rejected: boolean;
            /** @description The files attached when it was submitted, oldest first, to whoever may see the request. Get a download link with `GET /portal/attachments/{attachmentId}/link` (it works for 15 minutes: ask for one when the person opens the file). */
            attachments: components["schemas"]["Attachment"][];
            /** @description The form's answers, by field key: to the requester only (null for everybody else). */
            values: {
                [key: string]: string;
            } | null;
            voteCount: number;
            viewerVoted: boolean;
            viewerSubscribed: boolean;
            /** @description Since this customer last opened it (or submitted it), its status changed or somebody else added a public comment. Opening it (`GET /portal/requests/{reference}`) clears it; a request never opened is not unread. */
            unread: boolean;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        PortalComment: {
            /** Format: uuid */
            id: string;
            body: string;
            author: {
                name: string;
                /** @enum {string} */
                kind: "customer" | "team";
            };
            /** Format: date-time */
            createdAt: string;
        };
        PortalCustomerData: {
            /** Format: date-time */
            exportedAt: string;
            portal: {
                name: string;
                host: string;
            };
            profile: {
                /** Format: uuid */
                id: string;
                name: string;
                email: string;
                /**
                 * @description `manager`: sees every request of their company and may invite colleagues into it.
                 * @enum {string}
                 */
                role: "customer" | "manager";
                company: string | null;
                /** Format: date-time */
                createdAt: string;
            };
            preferences: {
                emailUpdates: boolean;
                followOwnRequests: boolean;
            };
            requests: {
                reference: string;
                title: string;
                values: {
                    [key: string]: string;
                };
                /** @enum {string} */
                visibility: "private" | "company" | "public";
                /** @enum {string} */
                state: "held" | "rejected" | "filed";
                /** Format: date-time */
                createdAt: string;
            }[];
            comments: {
                reference: string;
                /** @description As the code host has it now; null if it was deleted there. */
                body: string | null;
                /** Format: date-time */
                createdAt: string;
            }[];
            votes: {
                reference: string;
                /** Format: date-time */
                createdAt: string;
            }[];
            subscriptions: {
                reference: string;
                /** Format: date-time */
                createdAt: string;
            }[];
            /** @description The files they uploaded, each with a download link good for 15 minutes. */
            attachments: {
                filename: string;
                contentType: string;
                size: number;
                reference: string | null;
                download: {
                    /** Format: uri */
                    url: string;
                    /** Format: date-time */
                    expiresAt: string;
                };
            }[];
            sessions: {
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                expiresAt: string;
                ipAddress: string | null;
                userAgent: string | null;
            }[];
        };
        AttachmentLink: {
            /** Format: uri */
            url: string;
            /** Format: date-time */
            expiresAt: string;
        };
        Billing: {
            /**
             * @description The only field that decides anything: `lapsed` refuses writes (402).
             * @enum {string}
             */
            standing: "free" | "trialing" | "active" | "past_due" | "lapsed";
            /** @enum {string} */
            plan: "free" | "team" | "business";
            interval: ("monthly" | "annual") | null;
            trialEndsAt: string | null;
            currentPeriodEnd: string | null;
            /** @description A workspace may take the 14-day trial once. */
            trialAvailable: boolean;
            /** @description Owners, admins and members; viewers are free. */
            billableMembers: number;
            /** @description What the payments provider currently charges for (seats); it follows billableMembers through the job queue. */
            quantity: number;
            /** @description The plan's limits; all null while billing is off. */
            limits: {
                members: number | null;
                portals: number | null;
                repositories: number | null;
            };
            /** @description Billable members, portals, and mirrored (sync-enabled) repositories. */
            usage: {
                members: number;
                portals: number;
                repositories: number;
            };
            plans: {
                /** @enum {string} */
                id: "free" | "team" | "business";
                name: string;
                monthlyCents: number;
                annualCentsPerMonth: number;
                /** @description Null is unlimited. */
                limits: {
                    members: number | null;
                    portals: number | null;
                    repositories: number | null;
                };
            }[];
            /** @description The payments provider; null while billing is off (every workspace free, without limits). */
            provider: "stripe" | null;
        };
        /**
         * @description `request.created`: a customer submitted a request that went to the team; `request.held`: a newcomer on an open portal submitted one that waits in the hold queue; `request.released`: a member released a held request; `request.status_changed`: a request's derived status moved; `request.public_comment`: a public comment (team or customer) on a request.
         * @enum {string}
         */
        ChatWebhookEvent: "request.created" | "request.held" | "request.released" | "request.status_changed" | "request.public_comment";
        ChatWebhook: {
            /** @description Masked: scheme, host and the last four characters. The URL itself is a secret and is never shown again. */
            url: string;
            events: components["schemas"]["ChatWebhookEvent"][];
            enabled: boolean;
            /** @description Why the service turned it off (every delivery failed for 24 hours); null otherwise. Setting it again turns it back on. */
            disabledReason: string | null;
            /** @description The last message sent (events and test messages); null before the first. */
            lastDelivery: {
                /** Format: date-time */
                at: string;
                /** @description The HTTP status answered; null when there was no answer. */
                status: number | null;
                error: string | null;
            } | null;
            /** @description The first failure since the last successful delivery; 24 hours of failing turns the webhook off. */
            failingSince: string | null;
            /** Format: date-time */
            updatedAt: string;
        };
        ChatWebhookSetting: {
            /**
             * Format: uri
             * @description A Slack-compatible incoming-webhook URL (Slack, Mattermost, Rocket.Chat, Discord with `/slack` at the end). https only in production; its host must resolve to public addresses only.
             */
            url: string;
            /** @description What the channel hears of; an empty list sends nothing. */
            events: components["schemas"]["ChatWebhookEvent"][];
            /** @default true */
            enabled: boolean;
        };
        ChatWebhookTestResult: {
            /** @description The chat service answered 2xx. */
            accepted: boolean;
            /** @description The HTTP status it answered; null when there was no answer (refused address, unreachable, timed out). */
            status: number | null;
            error: string | null;
        };
        Notification: {
            /** Format: uuid */
            id: string;
            /**
             * @description `assigned` (a change assigned you to the issue), `mentioned` (your linked code-host login was @-mentioned in an issue body or a comment, outside code), `comment` (a new comment on an issue you follow: you authored it, are assigned to it, or followed it, unless you stopped following it), `request_status` (a portal request whose issue you follow changed status), `request_new` (a customer submitted a request that reached the team) and `request_held` (a customer's request waits in the hold queue); the last two only when you turn them on.
             * @enum {string}
             */
            kind: "request_new" | "request_held" | "comment" | "request_status" | "mentioned" | "assigned";
            read: boolean;
            /** @description When it was first marked read; marking it again does not move it. */
            readAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @description Who did it. */
            actor: {
                /**
                 * @description `member`: through the service; `codehost`: on the code host (its webhook); `customer`: a portal customer; `system`: nobody known.
                 * @enum {string}
                 */
                type: "member" | "codehost" | "customer" | "system";
                /** @description The member or customer; for a code-host account linked by a member of this workspace, that member. */
                name: string | null;
                /** @description The code-host login, for changes made there. */
                login: string | null;
                /** @description The member, when one is known. */
                userId: string | null;
            };
            /** @description The issue it is about, as it was when the notification was made. */
            issue: {
                /** @description Null once the issue left the cache. */
                id: string | null;
                number: number;
                title: string;
                /** @description owner/name */
                repository: string;
                htmlUrl: string;
            } | null;
            /** @description The portal request it is about (request kinds), as it was then. */
            request: {
                id: string | null;
                /** Format: uuid */
                portalId: string;
                portalName: string;
                reference: string;
                title: string;
            } | null;
            /** @description `request_status`: the status the request now shows. */
            status: {
                id: string;
                label: string;
            } | null;
            /** @description `request_status`: the status it showed before. */
            previousStatus: {
                id: string;
                label: string;
            } | null;
            /** @description The start of the comment or body it is about (at most 280 characters). */
            excerpt: string | null;
        };
        NotificationPreferences: {
            request_new: {
                /** @description Whether this kind arrives in the inbox at all. */
                inbox: boolean;
                /**
                 * @description `immediate`: an e-mail soon after (notifications close together share one); `daily`: in the daily digest; `none`.
                 * @enum {string}
                 */
                email: "immediate" | "daily" | "none";
            };
            request_held: {
                /** @description Whether this kind arrives in the inbox at all. */
                inbox: boolean;
                /**
                 * @description `immediate`: an e-mail soon after (notifications close together share one); `daily`: in the daily digest; `none`.
                 * @enum {string}
                 */
                email: "immediate" | "daily" | "none";
            };
            comment: {
                /** @description Whether this kind arrives in the inbox at all. */
                inbox: boolean;
                /**
                 * @description `immediate`: an e-mail soon after (notifications close together share one); `daily`: in the daily digest; `none`.
                 * @enum {string}
                 */
                email: "immediate" | "daily" | "none";
            };
            request_status: {
                /** @description Whether this kind arrives in the inbox at all. */
                inbox: boolean;
                /**
                 * @description `immediate`: an e-mail soon after (notifications close together share one); `daily`: in the daily digest; `none`.
                 * @enum {string}
                 */
                email: "immediate" | "daily" | "none";
            };
            mentioned: {
                /** @description Whether this kind arrives in the inbox at all. */
                inbox: boolean;
                /**
                 * @description `immediate`: an e-mail soon after (notifications close together share one); `daily`: in the daily digest; `none`.
                 * @enum {string}
                 */
                email: "immediate" | "daily" | "none";
            };
            assigned: {
                /** @description Whether this kind arrives in the inbox at all. */
                inbox: boolean;
                /**
                 * @description `immediate`: an e-mail soon after (notifications close together share one); `daily`: in the daily digest; `none`.
                 * @enum {string}
                 */
                email: "immediate" | "daily" | "none";
            };
        };
        IssueFollow: {
            /** Format: uuid */
            issueId: string;
            /** @description Whether the issue's new comments and its portal requests' status changes reach your inbox. */
            following: boolean;
            /** @description `followed`/`unfollowed`: you said so; `author`/`assignee`: your linked code-host account wrote it or is assigned (followed until you unfollow); null: not following. */
            reason: ("followed" | "unfollowed" | "author" | "assignee") | null;
        };
        NotificationsMarked: {
            marked: number;
            unreadCount: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    signUpWithEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** Format: email */
                    email: string;
                    password: string;
                    challengeToken?: string;
                    /** Format: uri */
                    image?: string;
                    callbackURL?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string | null;
                        user: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** Format: email */
                            email: string;
                            emailVerified: boolean;
                            image: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requestMagicLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    name?: string;
                    /** @enum {string} */
                    client?: "web" | "mobile";
                    callbackURL?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    verifyMagicLink: {
        parameters: {
            query: {
                token: string;
                callbackURL?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        user: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** Format: email */
                            email: string;
                            emailVerified: boolean;
                            image: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        } & {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signInError: {
        parameters: {
            query?: {
                error?: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to the sign-in page of the workspace application. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalSignUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** Format: email */
                    email: string;
                    password: string;
                    challengeToken?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string | null;
                        user: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** Format: email */
                            email: string;
                            emailVerified: boolean;
                            image: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                    challengeToken?: string;
                    rememberMe?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        user: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** Format: email */
                            email: string;
                            emailVerified: boolean;
                            image: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalRequestSignInLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    name?: string;
                    challengeToken?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: boolean;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalVerifySignInLink: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        user: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** Format: email */
                            email: string;
                            emailVerified: boolean;
                            image: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        } & {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalSignOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. A change made with the portal session cookie must come from the portal's own host (Origin). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalUpdateUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    image?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: boolean;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. A change made with the portal session cookie must come from the portal's own host (Origin). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMyWorkspaces: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Workspace"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCredential: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signOutEverywhere: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWorkspace: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
                /** @description Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    slug: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workspace"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWorkspace: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workspace"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `workspace:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    renameWorkspace: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    slug?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workspace"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `workspace:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Member"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `members:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                memberId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `members:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changeMemberRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                memberId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role: "viewer" | "member" | "admin" | "owner";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `members:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listInvitations: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Invitation"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `members:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inviteMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
                /** @description Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    /** @enum {string} */
                    role: "viewer" | "member" | "admin" | "owner";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `members:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                invitationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `members:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    describeInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The token from the invitation link (after `#token=`). */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
                /** @description Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The token from the invitation link (after `#token=`). */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workspace"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `keys:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    issueApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
                /** @description Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default [] */
                    scopes?: ("self:read" | "workspace:read" | "workspace:write" | "members:read" | "members:write" | "codehost:read" | "codehost:write" | "issues:read" | "issues:write" | "projects:read" | "projects:write" | "portals:read" | "portals:write" | "requests:read" | "requests:write" | "views:read" | "views:write" | "keys:read" | "keys:write")[];
                    expiresAt?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedApiKey"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `keys:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                apiKeyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `keys:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAuditEntries: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
                action?: string;
                /** @description ISO 8601 instant, or a window such as -7d, -30d, -24h, -2w. */
                since?: string;
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AuditEntry"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `workspace:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    codehostAuthorizeUrl: {
        parameters: {
            query?: {
                /** @description A path on the workspace application; default /settings/codehost. */
                returnTo?: string;
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uri */
                        url: string;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_unavailable: the code host is unavailable; nothing changed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_timeout: the code host did not answer in time; nothing changed. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    codehostCallback: {
        parameters: {
            query?: {
                code?: string;
                state?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to the workspace application. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setWritesAsSelf: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    writesAsSelf: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        login: string;
                        userId: number;
                        writesAsSelf: boolean;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    codehostInstallUrl: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uri */
                        url: string;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `codehost:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_unavailable: the code host is unavailable; nothing changed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_timeout: the code host did not answer in time; nothing changed. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    codehostSetup: {
        parameters: {
            query?: {
                /** @description The installation's id on the code host. */
                installation_id?: string | string[];
                /** @description `install`, `update` or `request`. */
                setup_action?: string | string[];
                /** @description The `state` of the install link, as the code host passes it through. */
                state?: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to the settings page of the workspace application. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAvailableInstallations: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            installationId: number;
                            accountLogin: string;
                            accountType: string;
                            /** @enum {string} */
                            repositorySelection: "all" | "selected";
                            suspended: boolean;
                            /** @enum {string} */
                            connection: "available" | "this_workspace" | "another_workspace";
                        }[];
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `codehost:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_unavailable: the code host is unavailable; nothing changed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_timeout: the code host did not answer in time; nothing changed. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCodehostConnection: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodehostConnection"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `codehost:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    connectInstallation: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
                /** @description Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    installationId: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accountLogin: string;
                        /** @description How many the installation covers; none is enabled. */
                        repositories: number;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `codehost:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_unavailable: the code host is unavailable; nothing changed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_timeout: the code host did not answer in time; nothing changed. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRepositories: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Repository"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `codehost:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setRepositorySync: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default [] */
                    enable?: string[];
                    /** @default [] */
                    disable?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Repository"][];
                        queued: string[];
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `codehost:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    syncNow: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
                /** @description Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        queued: string[];
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `codehost:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSyncStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        jobs: components["schemas"]["SyncJob"][];
                        budget: {
                            limit: number;
                            remaining: number;
                            resetAt: string | null;
                        };
                        backfillPaused: boolean;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `codehost:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    receiveCodehostWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The event's payload as the code host sends it. */
        requestBody: {
            content: {
                "application/json": {
                    action?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        /** @description This delivery was received before; nothing was applied again. */
                        duplicate: boolean;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listIssues: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
                /** @description Full text over title, number, label names and body: quoted phrases, `or`, a leading `-` excludes. A bare number or `#number` also matches the issue number. */
                q?: string;
                /** @description Repository id; any of them matches. Repeatable. */
                repository?: string | string[];
                state?: "open" | "closed" | "all";
                /** @description Label name (case-insensitive); the issue must carry every one. Repeatable. */
                label?: string | string[];
                /** @description Code-host login, `@me` (your linked code-host account; matches nothing when none is linked) or `none`; any of them matches. Repeatable. */
                assignee?: string | string[];
                /** @description Milestone id or `none`; any of them matches. Repeatable. */
                milestone?: string | string[];
                /** @description Issue type name (case-insensitive) or `none`; any of them matches. Repeatable. */
                type?: string | string[];
                /** @description Project id; the issue must be a card (not archived) on any of them. Repeatable. */
                project?: string | string[];
                /** @description ISO 8601 instant or a window back from now such as -7d, -24h, -2w; compares the code host's updated_at. */
                updated_since?: string;
                sort?: "updated" | "created" | "number" | "title" | "comments";
                /** @description Default desc for updated, created and comments; asc for number and title. */
                order?: "asc" | "desc";
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Issue"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `issues:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createIssue: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
                /** @description Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    repositoryId: string;
                    title: string;
                    body?: string | null;
                    /** @description Label names; replaces the set. A name the repository lacks is created by the code host. */
                    labels?: string[];
                    /** @description Code-host logins; replaces the assignees. The code host drops anybody without repository access. */
                    assignees?: string[];
                    /** @description A milestone of the same repository. */
                    milestoneId?: string | null;
                    /** @description Issue type name of the repository's organization. */
                    type?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Issue"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `issues:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_unavailable: the code host is unavailable; nothing changed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_timeout: the code host did not answer in time; nothing changed. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getIssue: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                issueId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Issue"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `issues:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    editIssue: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                issueId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    body?: string | null;
                    /** @enum {string} */
                    state?: "open" | "closed";
                    /**
                     * @description `reopened` only with an open issue; the others only with a closed one.
                     * @enum {string}
                     */
                    stateReason?: "completed" | "not_planned" | "duplicate" | "reopened";
                    /** @description Label names; replaces the set. A name the repository lacks is created by the code host. */
                    labels?: string[];
                    /** @description Code-host logins; replaces the assignees. The code host drops anybody without repository access. */
                    assignees?: string[];
                    /** @description Null clears; must be a milestone of the issue's repository (else 422). */
                    milestoneId?: string | null;
                    /** @description Issue type name; null clears. */
                    type?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Issue"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `issues:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_unavailable: the code host is unavailable; nothing changed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_timeout: the code host did not answer in time; nothing changed. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listIssueComments: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                issueId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Comment"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `issues:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createIssueComment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
                /** @description Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409. */
                "idempotency-key"?: string;
            };
            path: {
                issueId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    body: string;
                    /**
                     * @description `public`: customers of the portals that show this issue can read it.
                     * @default internal
                     * @enum {string}
                     */
                    visibility?: "internal" | "public";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `issues:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_unavailable: the code host is unavailable; nothing changed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_timeout: the code host did not answer in time; nothing changed. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    bulkEditIssues: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    issueIds: string[];
                    change: {
                        /** @description Label names; replaces the set. A name the repository lacks is created by the code host. */
                        labels?: string[];
                        /** @description Code-host logins; replaces the assignees. The code host drops anybody without repository access. */
                        assignees?: string[];
                        milestoneId?: string | null;
                        /** @enum {string} */
                        state?: "open" | "closed";
                        /**
                         * @description Only with `state`.
                         * @enum {string}
                         */
                        stateReason?: "completed" | "not_planned" | "duplicate" | "reopened";
                        /** @description A project field value; Assignees, Labels, Milestone and Repository cannot be set this way. */
                        field?: {
                            /** Format: uuid */
                            projectId: string;
                            fieldNodeId: string;
                            value: {
                                optionId?: string;
                                optionName?: string;
                                text?: string;
                                number?: number;
                                /** Format: date */
                                date?: string;
                                iterationId?: string;
                                optionIds?: string[];
                            } | null;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            /** Format: uuid */
                            issueId: string;
                            ok: boolean;
                            error: {
                                code: string;
                                message: string;
                            } | null;
                        }[];
                        succeeded: number;
                        failed: number;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `issues:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_unavailable: the code host is unavailable; nothing changed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_timeout: the code host did not answer in time; nothing changed. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listIssueActivity: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                issueId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["IssueActivity"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `issues:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteIssueComment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                issueId: string;
                commentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `issues:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_unavailable: the code host is unavailable; nothing changed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_timeout: the code host did not answer in time; nothing changed. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    editIssueComment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                issueId: string;
                commentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    body: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Comment"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `issues:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_unavailable: the code host is unavailable; nothing changed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_timeout: the code host did not answer in time; nothing changed. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listLabels: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
                /** @description Repository id; omit for every repository. Repeatable. */
                repository?: string | string[];
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Label"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `issues:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createLabel: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
                /** @description Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    repositoryId: string;
                    name: string;
                    /** @description Hex colour, with or without #. */
                    color: string;
                    description?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Label"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `issues:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_unavailable: the code host is unavailable; nothing changed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_timeout: the code host did not answer in time; nothing changed. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMilestones: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
                /** @description Repository id; omit for every repository. Repeatable. */
                repository?: string | string[];
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Milestone"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `issues:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createMilestone: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
                /** @description Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    repositoryId: string;
                    title: string;
                    description?: string | null;
                    dueOn?: (string) | null;
                    /** @enum {string} */
                    state?: "open" | "closed";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Milestone"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `issues:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_unavailable: the code host is unavailable; nothing changed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_timeout: the code host did not answer in time; nothing changed. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listViews: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["View"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `views:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createView: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
                /** @description Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /**
                     * @description `shared`: every member of the workspace sees it; `personal`: only the member who made it.
                     * @default personal
                     * @enum {string}
                     */
                    visibility?: "shared" | "personal";
                    /** @default {} */
                    filter?: {
                        /** @description Full text, as `q` of GET /v1/issues. */
                        q?: string | null;
                        /** @description Repository ids of this workspace; any of them matches. */
                        repository?: string[];
                        /**
                         * @description Default all.
                         * @enum {string}
                         */
                        state?: "open" | "closed" | "all";
                        /** @description Label names; the issue must carry every one. */
                        label?: string[];
                        /** @description Code-host logins, `@me` (whoever runs the view) or `none`; any of them matches. */
                        assignee?: string[];
                        /** @description Milestone ids of this workspace or `none`; any of them matches. */
                        milestone?: string[];
                        /** @description Project ids; any of them matches. */
                        project?: string[];
                        /** @description Issue type names or `none`; any of them matches. */
                        type?: string[];
                        /** @description ISO 8601 instant, or a window such as -7d, -24h, -2w evaluated each time the view runs (a rolling window). */
                        updatedSince?: string | null;
                        /** @description `{ <fieldNodeId>: value or none }`, as `field:<fieldNodeId>` of GET /v1/issues. */
                        fields?: {
                            [key: string]: string;
                        };
                    };
                    /**
                     * @default updated
                     * @enum {string}
                     */
                    sort?: "updated" | "created" | "number" | "title" | "comments";
                    /**
                     * @description Default desc for updated, created and comments; asc for number and title.
                     * @enum {string}
                     */
                    order?: "asc" | "desc";
                    /**
                     * @default list
                     * @enum {string}
                     */
                    layout?: "list" | "board";
                    /** @description Default `{ kind: state }` for a board, null for a list. A board needs one. */
                    groupBy?: components["schemas"]["ViewGroupByInput"] | null;
                    /** @description 0 to 999; default after the last view. */
                    position?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["View"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `views:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getView: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                viewId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["View"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `views:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteView: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                viewId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `views:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    editView: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                viewId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /**
                     * @description `shared`: every member of the workspace sees it; `personal`: only the member who made it.
                     * @enum {string}
                     */
                    visibility?: "shared" | "personal";
                    /** @description Replaces the whole filter. */
                    filter?: {
                        /** @description Full text, as `q` of GET /v1/issues. */
                        q?: string | null;
                        /** @description Repository ids of this workspace; any of them matches. */
                        repository?: string[];
                        /**
                         * @description Default all.
                         * @enum {string}
                         */
                        state?: "open" | "closed" | "all";
                        /** @description Label names; the issue must carry every one. */
                        label?: string[];
                        /** @description Code-host logins, `@me` (whoever runs the view) or `none`; any of them matches. */
                        assignee?: string[];
                        /** @description Milestone ids of this workspace or `none`; any of them matches. */
                        milestone?: string[];
                        /** @description Project ids; any of them matches. */
                        project?: string[];
                        /** @description Issue type names or `none`; any of them matches. */
                        type?: string[];
                        /** @description ISO 8601 instant, or a window such as -7d, -24h, -2w evaluated each time the view runs (a rolling window). */
                        updatedSince?: string | null;
                        /** @description `{ <fieldNodeId>: value or none }`, as `field:<fieldNodeId>` of GET /v1/issues. */
                        fields?: {
                            [key: string]: string;
                        };
                    };
                    /** @enum {string} */
                    sort?: "updated" | "created" | "number" | "title" | "comments";
                    /**
                     * @description Changing sort without order takes the new sort's default order.
                     * @enum {string}
                     */
                    order?: "asc" | "desc";
                    /** @enum {string} */
                    layout?: "list" | "board";
                    groupBy?: components["schemas"]["ViewGroupByInput"] | null;
                    position?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["View"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `views:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    runView: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                viewId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Issue"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `views:read` and `issues:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    viewBoard: {
        parameters: {
            query?: {
                /** @description Columns by `state`, `assignee`, `label`, `milestone`, `type` or `field:<projectId>:<fieldNodeId>` (a project single-select field) instead of the view's own groupBy; needed for a list view. */
                groupBy?: string;
                /** @description A column key: pages that column alone. */
                column?: string;
                /** @description A column's `nextCursor`; send with `column`. */
                cursor?: string;
                /** @description Issues per column, 1 to 100. */
                limit?: number;
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                viewId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ViewBoard"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `views:read` and `issues:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProjects: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ProjectSummary"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `projects:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProject: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `projects:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProjectItems: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ProjectItem"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `projects:read` and `issues:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addProjectItem: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
                /** @description Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409. */
                "idempotency-key"?: string;
            };
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    issueId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectItem"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `projects:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_unavailable: the code host is unavailable; nothing changed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_timeout: the code host did not answer in time; nothing changed. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeProjectItem: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                projectId: string;
                /** @description The card's node id (`itemNodeId` from the items list), not a service id. */
                itemId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `projects:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_unavailable: the code host is unavailable; nothing changed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_timeout: the code host did not answer in time; nothing changed. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setProjectItemField: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                projectId: string;
                /** @description The card's node id (`itemNodeId` from the items list), not a service id. */
                itemId: string;
                fieldNodeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Exactly one key, or null to clear the field. */
                    value: {
                        /** @description Single-select option id. */
                        optionId?: string;
                        /** @description Single-select option name, case-insensitive. */
                        optionName?: string;
                        text?: string;
                        number?: number;
                        /** @description YYYY-MM-DD */
                        date?: string;
                        iterationId?: string;
                        /** @description Multi-select. The code host has no multi-select project field, so this is refused with 422 for every field it has. */
                        optionIds?: string[];
                    } | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectItem"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `projects:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_unavailable: the code host is unavailable; nothing changed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_timeout: the code host did not answer in time; nothing changed. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    moveProjectItem: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                projectId: string;
                /** @description The card's node id (`itemNodeId` from the items list), not a service id. */
                itemId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    afterItemId: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectItem"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `projects:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_unavailable: the code host is unavailable; nothing changed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_timeout: the code host did not answer in time; nothing changed. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPortals: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Portal"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `portals:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPortal: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
                /** @description Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description The portal is served at `<slug>.{portal_domain}`: a DNS label, unique across the service. */
                    slug: string;
                    /** @description Default: the slug's letters and digits, upper-cased, at most 10. */
                    referencePrefix?: string;
                    /**
                     * @default open
                     * @enum {string}
                     */
                    access?: "open" | "invite_only";
                    /**
                     * @default private
                     * @enum {string}
                     */
                    defaultVisibility?: "private" | "public";
                    /** @default {} */
                    branding?: {
                        /** @description An https address of the logo image. */
                        logoUrl?: string | null;
                        accentColor?: string | null;
                        /** @description Shown on the portal before signing in. */
                        welcomeText?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Portal"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `portals:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPortal: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                portalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Portal"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `portals:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePortal: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                portalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `portals:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changePortal: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                portalId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description The portal is served at `<slug>.{portal_domain}`: a DNS label, unique across the service. */
                    slug?: string;
                    /** @description Requests of this portal are referenced as `<referencePrefix>-<number>`. */
                    referencePrefix?: string;
                    /** @enum {string} */
                    access?: "open" | "invite_only";
                    /** @enum {string} */
                    defaultVisibility?: "private" | "public";
                    branding?: {
                        /** @description An https address of the logo image. */
                        logoUrl?: string | null;
                        accentColor?: string | null;
                        /** @description Shown on the portal before signing in. */
                        welcomeText?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Portal"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `portals:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRequestTypes: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                portalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RequestType"][];
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `portals:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createRequestType: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
                /** @description Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409. */
                "idempotency-key"?: string;
            };
            path: {
                portalId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default null */
                    description?: string | null;
                    /** @default [] */
                    form?: {
                        /** @description The key a submission sends the value under. */
                        key: string;
                        /** @description Becomes the heading of this answer in the issue body. */
                        label: string;
                        /**
                         * @description `text` is one line, `textarea` many; `select` needs options; every type but select ignores options.
                         * @enum {string}
                         */
                        type: "text" | "textarea" | "select" | "checkbox" | "email" | "url" | "number" | "date";
                        /** @default false */
                        required?: boolean;
                        /** @default [] */
                        options?: string[];
                        /** @default null */
                        helpText?: string | null;
                    }[];
                    destination: {
                        /**
                         * Format: uuid
                         * @description A mirrored, writable repository of this workspace; where the issue is created.
                         */
                        repositoryId: string;
                        /**
                         * @description Labels of that repository the issue gets.
                         * @default []
                         */
                        labels?: string[];
                        /**
                         * @description A project the issue is added to.
                         * @default null
                         */
                        projectNodeId?: string | null;
                        /**
                         * @description Values set on the new card, keyed by the project field's node id; each value as `PATCH .../items/{itemId}` takes it. Needs projectNodeId.
                         * @default {}
                         */
                        initialFieldValues?: {
                            [key: string]: {
                                /** @description Single-select option id. */
                                optionId?: string;
                                /** @description Single-select option name, case-insensitive. */
                                optionName?: string;
                                text?: string;
                                number?: number;
                                /** @description YYYY-MM-DD */
                                date?: string;
                                iterationId?: string;
                                /** @description Multi-select. The code host has no multi-select project field, so this is refused with 422 for every field it has. */
                                optionIds?: string[];
                            };
                        };
                        /**
                         * @description The organization issue type's name.
                         * @default null
                         */
                        issueType?: string | null;
                    };
                    /**
                     * @description How the issue behind a request shows to customers. Evaluated in order, first match wins; when the list is empty or no rule matches, the default rules decide, in order: 1. closed as a duplicate: merged; 2. closed as completed: completed; 3. closed any other way (not planned, or no reason given): closed; 4. open with a label meaning the team waits on the customer (needs-info, needs more info, waiting on customer, waiting for customer, more info required, awaiting response; case, spaces and dashes ignored): waiting_on_you; 5. open, on a project whose Status field says In progress, Doing, In review, Review or Started: in_progress; 6. open, on a project whose Status field says Done, Completed, Shipped or Released: completed; 7. open, on a project whose Status field says Todo, Planned, Ready, Up next, Next or Scheduled, or in a milestone: planned; 8. anything else: open. A held request shows Open to its requester, a rejected one Closed, whatever the rules. The status is computed at every read, never stored.
                     * @default []
                     */
                    statusMap?: {
                        /** @description `closed` (with a state reason, or null for any), `open`, `label` (the issue has it) or `field` (its card on the destination project holds this option). */
                        when: {
                            /** @enum {string} */
                            kind: "closed";
                            /** @description null: closed with any reason. */
                            stateReason: ("completed" | "not_planned" | "duplicate") | null;
                        } | {
                            /** @enum {string} */
                            kind: "open";
                        } | {
                            /** @enum {string} */
                            kind: "label";
                            /** @description The issue carries this label (ignoring case). */
                            name: string;
                        } | {
                            /** @enum {string} */
                            kind: "field";
                            /** @description A single-select field of the destination project (its Status field, say). */
                            fieldNodeId: string;
                            /** @description The option's name (ignoring case) the issue's card holds. */
                            value: string;
                        };
                        /**
                         * @description The status shown when this rule is the first to match.
                         * @enum {string}
                         */
                        status: "Open" | "Planned" | "In progress" | "Waiting on you" | "Completed" | "Merged" | "Closed";
                    }[];
                    /** @description Order offered to customers; default: after the last. */
                    position?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RequestType"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `portals:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteRequestType: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                portalId: string;
                requestTypeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `portals:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changeRequestType: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                portalId: string;
                requestTypeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string | null;
                    form?: {
                        /** @description The key a submission sends the value under. */
                        key: string;
                        /** @description Becomes the heading of this answer in the issue body. */
                        label: string;
                        /**
                         * @description `text` is one line, `textarea` many; `select` needs options; every type but select ignores options.
                         * @enum {string}
                         */
                        type: "text" | "textarea" | "select" | "checkbox" | "email" | "url" | "number" | "date";
                        /** @default false */
                        required?: boolean;
                        /** @default [] */
                        options?: string[];
                        /** @default null */
                        helpText?: string | null;
                    }[];
                    destination?: {
                        /**
                         * Format: uuid
                         * @description A mirrored, writable repository of this workspace; where the issue is created.
                         */
                        repositoryId: string;
                        /**
                         * @description Labels of that repository the issue gets.
                         * @default []
                         */
                        labels?: string[];
                        /**
                         * @description A project the issue is added to.
                         * @default null
                         */
                        projectNodeId?: string | null;
                        /**
                         * @description Values set on the new card, keyed by the project field's node id; each value as `PATCH .../items/{itemId}` takes it. Needs projectNodeId.
                         * @default {}
                         */
                        initialFieldValues?: {
                            [key: string]: {
                                /** @description Single-select option id. */
                                optionId?: string;
                                /** @description Single-select option name, case-insensitive. */
                                optionName?: string;
                                text?: string;
                                number?: number;
                                /** @description YYYY-MM-DD */
                                date?: string;
                                iterationId?: string;
                                /** @description Multi-select. The code host has no multi-select project field, so this is refused with 422 for every field it has. */
                                optionIds?: string[];
                            };
                        };
                        /**
                         * @description The organization issue type's name.
                         * @default null
                         */
                        issueType?: string | null;
                    };
                    /** @description How the issue behind a request shows to customers. Evaluated in order, first match wins; when the list is empty or no rule matches, the default rules decide, in order: 1. closed as a duplicate: merged; 2. closed as completed: completed; 3. closed any other way (not planned, or no reason given): closed; 4. open with a label meaning the team waits on the customer (needs-info, needs more info, waiting on customer, waiting for customer, more info required, awaiting response; case, spaces and dashes ignored): waiting_on_you; 5. open, on a project whose Status field says In progress, Doing, In review, Review or Started: in_progress; 6. open, on a project whose Status field says Done, Completed, Shipped or Released: completed; 7. open, on a project whose Status field says Todo, Planned, Ready, Up next, Next or Scheduled, or in a milestone: planned; 8. anything else: open. A held request shows Open to its requester, a rejected one Closed, whatever the rules. The status is computed at every read, never stored. */
                    statusMap?: {
                        /** @description `closed` (with a state reason, or null for any), `open`, `label` (the issue has it) or `field` (its card on the destination project holds this option). */
                        when: {
                            /** @enum {string} */
                            kind: "closed";
                            /** @description null: closed with any reason. */
                            stateReason: ("completed" | "not_planned" | "duplicate") | null;
                        } | {
                            /** @enum {string} */
                            kind: "open";
                        } | {
                            /** @enum {string} */
                            kind: "label";
                            /** @description The issue carries this label (ignoring case). */
                            name: string;
                        } | {
                            /** @enum {string} */
                            kind: "field";
                            /** @description A single-select field of the destination project (its Status field, say). */
                            fieldNodeId: string;
                            /** @description The option's name (ignoring case) the issue's card holds. */
                            value: string;
                        };
                        /**
                         * @description The status shown when this rule is the first to match.
                         * @enum {string}
                         */
                        status: "Open" | "Planned" | "In progress" | "Waiting on you" | "Completed" | "Merged" | "Closed";
                    }[];
                    position?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RequestType"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `portals:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCompanies: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                portalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Company"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `portals:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCompany: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
                /** @description Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409. */
                "idempotency-key"?: string;
            };
            path: {
                portalId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique within the portal, ignoring case. */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Company"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `portals:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCompany: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                portalId: string;
                companyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `portals:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changeCompany: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                portalId: string;
                companyId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique within the portal, ignoring case. */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Company"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `portals:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCustomers: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
                companyId?: string;
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                portalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PortalCustomer"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `portals:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inviteCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
                /** @description Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409. */
                "idempotency-key"?: string;
            };
            path: {
                portalId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    /** @description Default: the address's part before @. */
                    name?: string;
                    /**
                     * @description `manager`: sees every request of their company and may invite colleagues into it.
                     * @default customer
                     * @enum {string}
                     */
                    role?: "customer" | "manager";
                    /**
                     * @description A company of this portal.
                     * @default null
                     */
                    companyId?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalCustomer"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `portals:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                portalId: string;
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `portals:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changeCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                portalId: string;
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description `manager`: sees every request of their company and may invite colleagues into it.
                     * @enum {string}
                     */
                    role?: "customer" | "manager";
                    /** @description A company of this portal, or null for none. */
                    companyId?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalCustomer"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `portals:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPortalRequests: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
                /** @description The stable status id; applied after the status rules run, so every page is full and in order. */
                status?: "open" | "planned" | "in_progress" | "waiting_on_you" | "completed" | "merged" | "closed";
                visibility?: "private" | "company" | "public";
                /** @description `true`: only the hold queue; `false`: only requests past it. */
                held?: "true" | "false";
                /** @description Requests whose requester is in this company. */
                companyId?: string;
                requestTypeId?: string;
                /** @description `oldest` first (the hold queue's order), or most `votes` first (then oldest). */
                sort?: "oldest" | "votes";
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                portalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PortalRequest"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `requests:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    shareIssueToPortal: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
                /** @description Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409. */
                "idempotency-key"?: string;
            };
            path: {
                portalId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description An issue of this workspace.
                     */
                    issueId: string;
                    /**
                     * @description `company` needs a requester; a shared issue has none.
                     * @default public
                     * @enum {string}
                     */
                    visibility?: "private" | "public";
                    /**
                     * @description A request type of this portal (its status rules then apply).
                     * @default null
                     */
                    requestTypeId?: string | null;
                    /** @description Default: the issue's title. */
                    title?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalRequest"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `requests:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPortalRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                portalId: string;
                requestId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalRequest"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `requests:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePortalRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                portalId: string;
                requestId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `requests:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changePortalRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                portalId: string;
                requestId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The request's own title, as customers see it in their lists; the issue's title is not changed. */
                    title?: string;
                    /**
                     * @description `company` needs a requester (a shared issue has none).
                     * @enum {string}
                     */
                    visibility?: "private" | "company" | "public";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalRequest"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `requests:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    releasePortalRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                portalId: string;
                requestId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalRequest"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `requests:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rejectPortalRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                portalId: string;
                requestId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `requests:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPortalFront: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalFront"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPortalMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalMe"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. A change made with the portal session cookie must come from the portal's own host (Origin). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteMyPortalAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. A change made with the portal session cookie must come from the portal's own host (Origin). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPortalSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalSession"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPortalPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalPreferences"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. A change made with the portal session cookie must come from the portal's own host (Origin). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changePortalPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    emailUpdates?: boolean;
                    followOwnRequests?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalPreferences"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. A change made with the portal session cookie must come from the portal's own host (Origin). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMyPortalRequests: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
                /** @description `mine`: this customer's own; `company`: their company's (within what they may see); `public`: the portal's public ones. Default: everything they may see. */
                filter?: "mine" | "company" | "public";
                /** @description The stable status id, applied after the status rules run. */
                status?: "open" | "planned" | "in_progress" | "waiting_on_you" | "completed" | "merged" | "closed";
                /** @description Words in the title. */
                q?: string;
                /** @description `newest` first, or most `votes` first (then newest). */
                sort?: "newest" | "votes";
                /** @description `true`: only requests with something new since this customer last opened them (a status other than the one they saw, or a public comment by somebody else); `false`: only the others. */
                unread?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PortalCustomerRequest"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. A change made with the portal session cookie must come from the portal's own host (Origin). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    submitPortalRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    requestTypeId: string;
                    /** @description The issue's title and the line in the customer's list. */
                    title: string;
                    /**
                     * @description Answers by the form field's key: strings (a number or a checkbox may also be sent as a JSON number or boolean).
                     * @default {}
                     */
                    values?: {
                        [key: string]: string | number | boolean;
                    };
                    /**
                     * @description Files uploaded to this portal first (at most 10).
                     * @default []
                     */
                    attachmentIds?: string[];
                    /**
                     * @description `private` or `public`, and no wider than the portal's default (which is also the default here); `company` is a member's decision.
                     * @enum {string}
                     */
                    visibility?: "private" | "company" | "public";
                    /** @description The challenge widget's response; required on an open portal (422 without, 403 failed or solved on another site, 502 verifier unreachable). */
                    challengeToken?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalCustomerRequest"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. A change made with the portal session cookie must come from the portal's own host (Origin). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_unavailable: the code host is unavailable; nothing changed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_timeout: the code host did not answer in time; nothing changed. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMyPortalRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `<PREFIX>-<number>` (the prefix in any case) or the number alone. */
                reference: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalCustomerRequest"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. A change made with the portal session cookie must come from the portal's own host (Origin). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    voteForPortalRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `<PREFIX>-<number>` (the prefix in any case) or the number alone. */
                reference: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalCustomerRequest"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. A change made with the portal session cookie must come from the portal's own host (Origin). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    withdrawPortalRequestVote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `<PREFIX>-<number>` (the prefix in any case) or the number alone. */
                reference: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalCustomerRequest"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. A change made with the portal session cookie must come from the portal's own host (Origin). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    subscribeToPortalRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `<PREFIX>-<number>` (the prefix in any case) or the number alone. */
                reference: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalCustomerRequest"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. A change made with the portal session cookie must come from the portal's own host (Origin). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unsubscribeFromPortalRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `<PREFIX>-<number>` (the prefix in any case) or the number alone. */
                reference: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalCustomerRequest"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. A change made with the portal session cookie must come from the portal's own host (Origin). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPortalRequestComments: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
            };
            header?: never;
            path: {
                /** @description `<PREFIX>-<number>` (the prefix in any case) or the number alone. */
                reference: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PortalComment"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. A change made with the portal session cookie must come from the portal's own host (Origin). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    commentOnPortalRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description `<PREFIX>-<number>` (the prefix in any case) or the number alone. */
                reference: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    body: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalComment"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. A change made with the portal session cookie must come from the portal's own host (Origin). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPortalColleagues: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PortalColleague"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. A change made with the portal session cookie must come from the portal's own host (Origin). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    invitePortalColleague: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes retries safe: the first successful answer is replayed for 48 hours (at least 24); a different body with the same key is 422; a retry while the first runs is 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalCustomer"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. A change made with the portal session cookie must come from the portal's own host (Origin). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    downloadMyPortalData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortalCustomerData"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. A change made with the portal session cookie must come from the portal's own host (Origin). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    describeUnsubscribeLink: {
        parameters: {
            query: {
                /** @description From the link in the e-mail. */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reference: string;
                        title: string;
                    };
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unsubscribeByLink: {
        parameters: {
            query: {
                /** @description From the link in the e-mail. */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadAttachment: {
        parameters: {
            query: {
                /** @description The file's name; its extension must match the content. */
                filename: string;
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Attachment"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `issues:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAttachmentLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                attachmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttachmentLink"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `issues:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    openAttachment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                attachmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to a fresh download link. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the member role or above; an API key holding `issues:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    downloadAttachment: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path: {
                attachmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file's bytes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadPortalAttachment: {
        parameters: {
            query: {
                /** @description The file's name; its extension must match the content. */
                filename: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Attachment"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. A change made with the portal session cookie must come from the portal's own host (Origin). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPortalAttachmentLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                attachmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttachmentLink"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. A change made with the portal session cookie must come from the portal's own host (Origin). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBilling: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Billing"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `workspace:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startBillingCheckout: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    plan: "team" | "business";
                    /**
                     * @default monthly
                     * @enum {string}
                     */
                    interval?: "monthly" | "annual";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: uri
                         * @description The payments provider's page; send the browser there.
                         */
                        url: string;
                        expiresAt: string | null;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the owner role or above; an API key holding `workspace:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    openBillingPortal: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: uri
                         * @description The payments provider's page; send the browser there.
                         */
                        url: string;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the owner role or above; an API key holding `workspace:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startBillingTrial: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default team
                     * @enum {string}
                     */
                    plan?: "team" | "business";
                } | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Billing"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the owner role or above; an API key holding `workspace:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    receiveBillingWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The event as Stripe sends it. */
        requestBody: {
            content: {
                "application/json": {
                    id: string;
                    type: string;
                    data: {
                        object: {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        duplicate: boolean;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description codehost_error or dependency_error: a dependency refused; nothing changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getChatWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatWebhook"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `workspace:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setChatWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChatWebhookSettingInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatWebhook"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `workspace:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeChatWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `workspace:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testChatWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatWebhookTestResult"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description payment_required: the workspace's billing standing is lapsed; writes are refused. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the admin role or above; an API key holding `workspace:write`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listNotifications: {
        parameters: {
            query?: {
                /** @description The previous page's `nextCursor`, sent back unchanged; omit to start. */
                cursor?: string;
                /** @description Page size, 1 to 100. */
                limit?: string;
                /** @description `true`: only unread; `false`: only read. */
                unread?: "true" | "false";
            };
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Notification"][];
                        /** @description Null on the last page. */
                        nextCursor: string | null;
                        /** @description The caller's unread notifications in this workspace, whatever the filter. */
                        unreadCount: number;
                    };
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    markNotificationsRead: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most 500. Ids naming nobody's notification, or somebody else's, are ignored. */
                    notificationIds?: string[];
                    /** @description `true` marks every unread notification of yours in this workspace. */
                    all?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationsMarked"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getNotificationPreferences: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationPreferences"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changeNotificationPreferences: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    request_new?: {
                        inbox?: boolean;
                        /** @enum {string} */
                        email?: "immediate" | "daily" | "none";
                    };
                    request_held?: {
                        inbox?: boolean;
                        /** @enum {string} */
                        email?: "immediate" | "daily" | "none";
                    };
                    comment?: {
                        inbox?: boolean;
                        /** @enum {string} */
                        email?: "immediate" | "daily" | "none";
                    };
                    request_status?: {
                        inbox?: boolean;
                        /** @enum {string} */
                        email?: "immediate" | "daily" | "none";
                    };
                    mentioned?: {
                        inbox?: boolean;
                        /** @enum {string} */
                        email?: "immediate" | "daily" | "none";
                    };
                    assigned?: {
                        inbox?: boolean;
                        /** @enum {string} */
                        email?: "immediate" | "daily" | "none";
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationPreferences"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getIssueFollow: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                issueId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssueFollow"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `issues:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    followIssue: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                issueId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssueFollow"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `issues:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unfollowIssue: {
        parameters: {
            query?: never;
            header?: {
                /** @description The workspace to act in. Filled in when the person has exactly one membership; required with several. An API key always acts in its own workspace. */
                "x-workspace-id"?: string;
            };
            path: {
                issueId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssueFollow"];
                };
            };
            /** @description unauthenticated: no valid credential. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description forbidden: the credential is valid but its role or scope does not allow this. Needs the viewer role or above; an API key holding `issues:read`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not_found: no such resource, or not visible to the caller (another tenant included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description conflict: the request conflicts with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description invalid_request: the request did not match the expected shape (malformed cursors included). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rate_limited: too many requests for this credential; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description internal: an unexpected failure; quote the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    mcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    jsonrpc: "2.0";
                    id?: string | number;
                    method: string;
                    params?: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description The JSON-RPC response to a request. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        jsonrpc: "2.0";
                        id?: string | number;
                        result?: Record<string, never>;
                        error?: {
                            code?: number;
                            message?: string;
                        };
                    };
                };
            };
            /** @description A notification was accepted; nothing is answered. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not a JSON-RPC message the protocol accepts: a JSON-RPC error object. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description No API key, or an unknown, expired or revoked one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A credential that is not an API key. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Accept header does not take both application/json and text/event-stream: a JSON-RPC error object. */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description The body is not application/json: a JSON-RPC error object. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description The body is not JSON at all. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited (per API key); see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
