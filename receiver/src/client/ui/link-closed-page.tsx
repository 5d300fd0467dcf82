import type { ServedCompany } from '../../pages/shell';
import { telHref } from '../../facts';
import { Shell } from './shell';

/**
 * A link that opens nothing of the devis any more (withdrawn by the team, to a replaced version, or past its
 * time): no number, no name, no address, no amount; only why, how to reach the company, and a last `note`.
 */
export function LinkClosedPage({
  title,
  text,
  contact,
  note,
  company,
}: {
  title: string;
  text: string;
  contact: string;
  note?: string;
  company: ServedCompany;
}) {
  return (
    <Shell title={title} company={company}>
      <section className="card">
        <p>{text}</p>
        <p>{contact}</p>
        <ul>
          <li>
            <a href={telHref(company.site.phone)}>{company.site.phone}</a>
          </li>
          <li>
            <a href={`mailto:${company.site.email}`}>{company.site.email}</a>
          </li>
        </ul>
        {note ? <p>{note}</p> : null}
      </section>
    </Shell>
  );
}
