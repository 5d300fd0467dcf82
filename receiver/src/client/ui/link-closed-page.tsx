import { site, telHref } from '../../facts';
import { Shell } from './shell';

/**
 * A link that opens nothing of the devis any more (withdrawn by the team, or to a replaced version): no
 * number, no name, no address, no amount; only why, and how to reach the company.
 */
export function LinkClosedPage({
  title,
  text,
  contact,
  mentions,
}: {
  title: string;
  text: string;
  contact: string;
  mentions: string;
}) {
  return (
    <Shell title={title} mentions={mentions}>
      <section className="card">
        <p>{text}</p>
        <p>{contact}</p>
        <ul>
          <li>
            <a href={telHref(site.phone)}>{site.phone}</a>
          </li>
          <li>
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </li>
        </ul>
      </section>
    </Shell>
  );
}
