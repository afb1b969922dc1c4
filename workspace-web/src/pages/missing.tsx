import { Link, Notice, PageTitle } from '@svc/ui-kit';

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
