import { NBSP } from '../../facts';
import { href } from '../paths';
import type {
  InboxList as Listing,
  InboxListFilter as ListFilter,
  InboxListRow as ListRow,
} from '../../store/inbox-list';
import { NEW_STATUS, STATUSES, type Status } from '../../requests/statuses';
import { formatDateTime, formatDue } from './format';
import { locationLabel, locationOptions, serviceLabel, serviceTypeOptions, statusLabel } from './labels';
import { Shell, type Member } from './shell';
import { visible } from '../../visible';

/** The list's address for a filter and a page (filters kept from page to page). */
export function listHref(filter: ListFilter, page: number): string {
  const query = new URLSearchParams();
  if (filter.status) query.set('statut', filter.status);
  if (filter.service) query.set('prestation', filter.service);
  if (filter.town) query.set('lieu', filter.town);
  if (filter.search) query.set('q', filter.search);
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return `${filter.spam ? href.spam : href.list}${search ? `?${search}` : ''}`;
}

type ListPageProps = {
  member: Member;
  csrfToken: string;
  filter: ListFilter;
  listing: Listing;
  now: Date;
  notice?: string;
  /** A manager sees the link to the full export. */
  manager?: boolean;
};

/** The inbox's landing page, or its spam folder: filters, a search, the rows, the pages. */
export function ListPage({ member, csrfToken, filter, listing, now, notice, manager = false }: ListPageProps) {
  const title = filter.spam ? 'Indésirables' : 'Demandes';
  const selected = Boolean(filter.status || filter.service || filter.town);
  const filtered = selected || Boolean(filter.search);
  return (
    <Shell
      title={title}
      member={member}
      csrfToken={csrfToken}
      current={filter.spam ? 'indesirables' : 'demandes'}
      notice={notice}
    >
      {filter.spam ? (
        <p>
          Les demandes arrêtées par le piège à robots ou par les limites d’envoi. L’équipe n’en a pas reçu l’e-mail.
        </p>
      ) : null}
      {/*
        On a phone the first screen is the search and the requests (late and due first): the filters wait in a
        closed <details>, one tap away, open only when one is set. No script: one GET form holds both.
      */}
      <form method="get" action={filter.spam ? href.spam : href.list} className="filters" role="search">
        <div className="search">
          <label htmlFor="q">Rechercher</label>
          <div className="search-row">
            <input
              id="q"
              name="q"
              type="search"
              defaultValue={filter.search ?? ''}
              aria-describedby="q-aide"
              autoComplete="off"
            />
            <button type="submit">Chercher</button>
          </div>
          <p id="q-aide" className="meta">
            Nom, e-mail, téléphone ou référence
          </p>
        </div>
        <details className="more-filters" open={selected || undefined}>
          <summary>{selected ? 'Filtres (actifs)' : 'Filtres'}</summary>
          <div className="selects">
            <Select id="statut" label="Statut" value={filter.status} options={statusOptions()} all="Tous" />
            <Select
              id="prestation"
              label="Prestation"
              value={filter.service}
              options={serviceTypeOptions}
              all="Toutes"
            />
            <Select id="lieu" label="Lieu" value={filter.town} options={locationOptions} all="Tous" />
          </div>
          <div className="actions">
            <button type="submit">Filtrer</button>
          </div>
        </details>
        {filtered ? (
          <p>
            <a className="button secondary" href={filter.spam ? href.spam : href.list}>
              Tout afficher
            </a>
          </p>
        ) : null}
      </form>
      <h2>{countLabel(listing.total, filtered)}</h2>
      {listing.rows.length > 0 ? (
        <ol className="requests">
          {listing.rows.map((row) => (
            <RequestRow key={row.reference} row={row} now={now} />
          ))}
        </ol>
      ) : (
        <p>Aucune demande{filtered ? ' ne correspond à ces critères' : ''}.</p>
      )}
      <Pages filter={filter} listing={listing} />
      {filter.spam || !manager ? null : (
        <p>
          <a className="button secondary" href={href.exportPage}>
            Exporter toutes les demandes (CSV)
          </a>
        </p>
      )}
    </Shell>
  );
}

function statusOptions(): { value: Status; label: string }[] {
  return (Object.keys(STATUSES) as Status[]).map((value) => ({ value, label: statusLabel(value) }));
}

/** « Liste : 12 demandes », « Résultats : 1 demande » (a heading does not start with a figure). */
function countLabel(total: number, filtered: boolean): string {
  return `${filtered ? 'Résultats' : 'Liste'}${NBSP}: ${total} ${total > 1 ? 'demandes' : 'demande'}`;
}

type SelectProps = {
  id: string;
  label: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  all: string;
};

function Select({ id, label, value, options, all }: SelectProps) {
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={id} defaultValue={value ?? ''}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function RequestRow({ row, now }: { row: ListRow; now: Date }) {
  const name = visible(`${row.firstName} ${row.lastName}`);
  return (
    <li className={row.late ? 'late' : undefined}>
      <a href={href.request(row.reference)}>
        <span className="name">{name}</span>
        <p>
          {visible(serviceLabel(row.serviceType))} · {visible(locationLabel(row.location))}
        </p>
        <p className="meta">
          {row.reference} · {statusLabel(row.status)} · reçue le {formatDateTime(new Date(row.createdAt))}
        </p>
        {row.status === NEW_STATUS && row.deadlineAt ? (
          <p className="due">{formatDue(new Date(row.deadlineAt), now)}</p>
        ) : null}
      </a>
    </li>
  );
}

function Pages({ filter, listing }: { filter: ListFilter; listing: Listing }) {
  if (listing.pageCount <= 1) return null;
  return (
    <nav className="pages" aria-label="Pages">
      {listing.page > 1 ? (
        <a className="button secondary" href={listHref(filter, listing.page - 1)} rel="prev">
          Page précédente
        </a>
      ) : (
        <span />
      )}
      <span>
        Page {listing.page} sur {listing.pageCount}
      </span>
      {listing.page < listing.pageCount ? (
        <a className="button secondary" href={listHref(filter, listing.page + 1)} rel="next">
          Page suivante
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
