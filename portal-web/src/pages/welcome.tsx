import type { Front } from '../api';
import { Link, PageTitle } from '@svc/ui-kit';
import { RequestTypeList } from '../request-types';

/**
 * The home page before signing in: what this portal is for and what one may ask for (as
 * `GET /portal` says to anybody), with the ways in beside them. A request type's link leads to its
 * form through sign-in.
 */
export function WelcomePage({ front }: { front: Front }) {
  return (
    <>
      <section class="hero">
        <PageTitle>{front.name}</PageTitle>
        <p class="welcome">{front.branding.welcomeText ?? `Ask the team behind ${front.name} for help, report a problem, or suggest an idea, and follow what becomes of it.`}</p>
        <p class="button-row">
          <Link href="/sign-in" class="button primary">Sign in</Link>
          {front.signUpOpen ? <Link href="/sign-up" class="button">Make an account</Link> : null}
        </p>
        <p class="help">{front.signUpOpen ? 'Anybody may make an account here.' : 'This portal is invite-only: the team behind it sends invitations.'}</p>
      </section>

      <RequestTypeList types={front.requestTypes} heading="What you can ask for" />
    </>
  );
}
