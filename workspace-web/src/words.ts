/** Words for every `error=` the service sends a person to `/signin` with (GET /auth/error). */
export const SIGN_IN_ERRORS: Record<string, string> = {
  email_not_found: 'No account has that e-mail address.',
  account_not_linked: 'That sign-in is not linked to your account.',
  signup_disabled: 'New accounts cannot be made this way.',
  please_restart_the_process: 'That sign-in took too long or was used twice. Please start again.',
  unable_to_create_user: 'The account could not be made.',
  invalid_token: 'That sign-in link is unknown, expired (links last 15 minutes) or was already used. Ask for a new one below.',
  sign_in_failed: 'Signing in failed. Please try again.',
};

/**
 * Words for what linking a GitHub account (GET /v1/codehost/callback) and connecting after
 * installing the app (GET /v1/codehost/setup) come back to /settings/codehost with in `error=`.
 */
export const CODEHOST_ERRORS: Record<string, string> = {
  please_restart_the_process: 'That took too long or the link was used twice. Please start again.',
  account_already_linked:
    'That GitHub account is already linked to another person here. Link a GitHub account of your own: press the button below and choose another identity (in demo mode, a person nobody has linked, or someone new).',
  codehost_link_failed: 'GitHub did not confirm the authorization. Please try again.',
  please_sign_in_as_the_person_who_started: 'Sign in as the person who asked to install the app, then start again.',
  forbidden: 'Only admins and owners of the workspace connect GitHub.',
  payment_required: "The workspace's billing has lapsed: an owner settles it first.",
  installation_requested: "The organisation's owners were asked to install the app. Once one has, connect it here.",
  codehost_account_not_linked: 'Link your GitHub account first, then connect.',
  installation_not_visible:
    'Your GitHub account cannot see that installation: install the app as the GitHub identity you linked, on an account it owns or administers.',
  installation_held_by_another_workspace:
    'That installation is connected to another workspace. Install the app on another account (the button below: your own account, or another organisation), or ask that workspace to disconnect it.',
  workspace_already_connected: 'This workspace is already connected to another installation.',
  codehost_connect_failed: 'GitHub did not answer as expected; nothing was connected. Please try again.',
};

export const signInErrorWords = (code: string) => (Object.hasOwn(SIGN_IN_ERRORS, code) ? SIGN_IN_ERRORS[code] : SIGN_IN_ERRORS.sign_in_failed);
export const codehostErrorWords = (code: string) => (Object.hasOwn(CODEHOST_ERRORS, code) ? CODEHOST_ERRORS[code] : 'Something went wrong with GitHub. Please try again.');
