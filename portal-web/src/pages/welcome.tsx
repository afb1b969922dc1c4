import type { Front } from '../api';
import { Link, PageTitle, PortalHero } from '@svc/ui-kit';
import { RequestTypeList } from '../request-types';

/**
 * The home page before signing in: what this portal is for and what one may ask for (as
 * `GET /portal` says to anybody), with the ways in beside them. A request type's link leads to its
 * form through sign-in.
 */
export function WelcomePage({ front }: { front: Front }) {
  return (
    <>
      <PortalHero
        name={front.name}
        welcomeText={front.branding.welcomeText}
        signUpOpen={front.signUpOpen}
        title={<PageTitle>{front.name}</PageTitle>}
        actions={
          <>
            <Link href="/sign-in" class="button primary">Sign in</Link>
            {front.signUpOpen ? <Link href="/sign-up" class="button">Make an account</Link> : null}
          </>
        }
      />

      <RequestTypeList types={front.requestTypes} heading="What you can ask for" />
    </>
  );
}
