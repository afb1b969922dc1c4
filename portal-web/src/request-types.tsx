import type { Front } from './api';
import { Link } from '@svc/ui-kit';

/**
 * The portal's request types, each a link to its form, under `heading` (the welcome page and the
 * signed-in home use their own words); nothing when the portal has none.
 */
export function RequestTypeList({ types, heading }: { types: Front['requestTypes']; heading: string }) {
  if (!types.length) return null;
  return (
    <section aria-labelledby="types-heading">
      <h2 id="types-heading">{heading}</h2>
      <ul class="types">
        {types.map((type) => (
          <li key={type.id} class="card type-card">
            <h3><Link href={`/new?type=${type.id}`}>{type.name}</Link></h3>
            {type.description ? <p>{type.description}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
