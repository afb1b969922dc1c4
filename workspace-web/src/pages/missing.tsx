import { Link, Notice, PageTitle } from '@svc/ui-kit';
import type { CallFailed } from '../api';

/** A page whose object could not be read: what, why (the API's words), and the way back. */
export function Missing({ title, problem, back }: { title: string; problem: string | null; back: { href: string; label: string } }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      {problem ? <Notice kind="error">{problem}</Notice> : null}
      <p><Link href={back.href}>{back.label}</Link></p>
    </>
  );
}

/** The title for a read that failed: not found, not open to the person's role, or not readable now. */
export function missingTitle(error: Partial<CallFailed> | null, what: string): string {
  if (error?.status === 403) return `This ${what.toLowerCase()} is not open to your role`;
  if (error?.status === 404) return `${what} not found`;
  return `The ${what.toLowerCase()} could not be read`;
}
