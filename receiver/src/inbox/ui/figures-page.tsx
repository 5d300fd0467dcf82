import { deName, formatFrenchDay, NBSP, NNBSP, percent } from '../../facts';
import { formatCents } from '../../requests/devis/money';
import { visible } from '../../visible';
import type { Count, ExpiringDevis, MonthFigures } from '../figures';

/**
 * The « Chiffres » page's content (inbox/figures.ts computes the figures): a table of the months, then for
 * each month its requests by service and by town. Props in, markup out; the page's shell (title, h1,
 * navigation) wraps it. Numbers are French: a narrow no-break space between thousands, a no-break space
 * before a unit or « % ».
 */

export const FIGURES_TITLE = 'Chiffres';

/** "1 234", thousands apart with a narrow no-break space. */
export function formatCount(value: number): string {
  return new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 })
    .formatToParts(value)
    .map((part) => (part.type === 'group' ? NNBSP : part.value))
    .join('');
}

/** "87 %", a share rounded to the unit. */
export function formatShare(share: number): string {
  return percent(Math.round(share * 100));
}

/** "45 min", "3 h 05", "26 h", "2,5 jours": a time to call back. */
export function formatDuration(minutes: number): string {
  const rounded = Math.round(minutes);
  if (rounded < 60) return `${rounded}${NBSP}min`;
  if (rounded < 48 * 60) {
    const hours = Math.floor(rounded / 60);
    const rest = rounded % 60;
    return rest === 0 ? `${hours}${NBSP}h` : `${hours}${NBSP}h${NBSP}${String(rest).padStart(2, '0')}`;
  }
  const days = Math.round((rounded / (24 * 60)) * 10) / 10;
  return `${new Intl.NumberFormat('fr-FR').format(days)}${NBSP}jours`;
}

/** "0 jour ouvré", "1 jour ouvré", "2,5 jours ouvrés": a median of working days. */
export function formatWorkingDays(days: number): string {
  const value = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(days);
  return `${value}${NBSP}${days >= 2 ? 'jours ouvrés' : 'jour ouvré'}`;
}

/** "2026-11" -> "novembre 2026". */
export function monthLabel(month: string): string {
  return new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T12:00:00Z`),
  );
}

function CountTable({ caption, heading, counts }: { caption: string; heading: string; counts: Count[] }) {
  return (
    <section className="table-scroll" tabIndex={0} aria-label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <th scope="col">Demandes</th>
            <th scope="col">Devis envoyés</th>
            <th scope="col">Acceptés</th>
          </tr>
        </thead>
        <tbody>
          {counts.map((count) => (
            <tr key={count.value}>
              <th scope="row">{count.label}</th>
              <td>{formatCount(count.count)}</td>
              <td>{formatCount(count.quotesSent)}</td>
              <td>{formatCount(count.accepted)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The devis awaiting an answer that expire within the week: the team may call the client before. */
function Expiring({ expiring }: { expiring: ExpiringDevis[] }) {
  if (expiring.length === 0) return null;
  return (
    <section aria-labelledby="expirent">
      <h2 id="expirent">Devis sans réponse qui expirent cette semaine</h2>
      <ul>
        {expiring.map((devis) => (
          <li key={devis.number}>
            {devis.number}, valable jusqu’au {formatFrenchDay(devis.validUntil)} inclus
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The latest month's few key figures, as large numbers before any table: on a phone the one that matters
 * (called back in time) is read at a glance, never cut off in a box that scrolls sideways.
 */
function KeyFigures({ month }: { month: MonthFigures }) {
  const label = monthLabel(month.month);
  const items = [
    {
      label: 'Rappelées dans le délai',
      value: month.onTimeShare === null ? '–' : formatShare(month.onTimeShare),
      detail:
        month.onTimeShare === null
          ? 'aucune échéance passée'
          : `${formatCount(month.onTime)} sur ${formatCount(month.due)}`,
    },
    { label: 'Demandes reçues', value: formatCount(month.received) },
    {
      label: 'Délai médian de rappel',
      value: month.medianCallBackMinutes === null ? '–' : formatDuration(month.medianCallBackMinutes),
      detail: month.medianCallBackMinutes === null ? 'aucun rappel' : undefined,
    },
    { label: 'Devis envoyés', value: formatCount(month.quotesSent) },
    { label: 'Acceptés', value: formatCount(month.accepted) },
    { label: 'Montant accepté HT', value: formatCents(month.acceptedHtCents) },
  ];
  return (
    <section aria-labelledby="essentiel">
      <h2 id="essentiel">L’essentiel {deName(label)}</h2>
      <dl className="key-figures">
        {items.map((item) => (
          <div key={item.label}>
            <dt>{item.label}</dt>
            <dd>
              <span className="figure">{item.value}</span>
              {item.detail ? <span className="meta">{item.detail}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

type FiguresPageProps = { figures: MonthFigures[]; expiring?: ExpiringDevis[] };

export function FiguresPage({ figures, expiring = [] }: FiguresPageProps) {
  if (figures.length === 0) {
    return <p>Aucune demande reçue pour l’instant{NBSP}: les chiffres apparaîtront avec la première.</p>;
  }
  return (
    <>
      <KeyFigures month={figures[0]!} />
      <Expiring expiring={expiring} />
      <p>
        Chaque mois compte les demandes reçues ce mois-là (heure de Paris), suivies jusqu’à aujourd’hui{NNBSP}; les
        demandes indésirables n’y figurent pas. Une demande est rappelée dans le délai quand elle est marquée «{NNBSP}
        Rappelée{NNBSP}» avant l’heure promise.
      </p>
      {/* A table wider than a phone scrolls in its box: focusable, so that a keyboard can scroll it too. */}
      <section className="table-scroll" tabIndex={0} aria-label="Demandes par mois">
        <table>
          <caption>Demandes par mois</caption>
          <thead>
            <tr>
              <th scope="col">Mois</th>
              <th scope="col">Reçues</th>
              <th scope="col">Rappelées dans le délai</th>
              <th scope="col">Délai médian de rappel</th>
              <th scope="col">Devis envoyés</th>
              <th scope="col">Devis ouverts</th>
              <th scope="col">Acceptés</th>
              <th scope="col">Refusés</th>
              <th scope="col">Rétractés</th>
              <th scope="col">Montant accepté HT</th>
              <th scope="col">De la demande au devis (médiane)</th>
              <th scope="col">Du devis à la réponse (médiane)</th>
            </tr>
          </thead>
          <tbody>
            {figures.map((month) => (
              <tr key={month.month}>
                <th scope="row">{monthLabel(month.month)}</th>
                <td>{formatCount(month.received)}</td>
                <td>
                  {month.onTimeShare === null
                    ? 'aucune échéance passée'
                    : `${formatShare(month.onTimeShare)} (${formatCount(month.onTime)} sur ${formatCount(month.due)})`}
                </td>
                <td>
                  {month.medianCallBackMinutes === null ? 'aucun rappel' : formatDuration(month.medianCallBackMinutes)}
                </td>
                <td>{formatCount(month.quotesSent)}</td>
                <td>{formatCount(month.opened)}</td>
                <td>{formatCount(month.accepted)}</td>
                <td>{formatCount(month.refused)}</td>
                <td>{formatCount(month.withdrawn)}</td>
                <td>{formatCents(month.acceptedHtCents)}</td>
                <td>{month.medianDaysToDevis === null ? 'aucun devis' : formatWorkingDays(month.medianDaysToDevis)}</td>
                <td>
                  {month.medianDaysToAnswer === null ? 'aucune réponse' : formatWorkingDays(month.medianDaysToAnswer)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {figures.map((month) => {
        const label = monthLabel(month.month);
        return (
          <section key={month.month} aria-labelledby={`mois-${month.month}`}>
            <h2 id={`mois-${month.month}`}>
              {label.charAt(0).toUpperCase() + label.slice(1)}
              {NBSP}: {formatCount(month.received)} {month.received > 1 ? 'demandes' : 'demande'}
            </h2>
            <CountTable
              caption={`Demandes ${deName(label)} par prestation`}
              heading="Prestation"
              counts={month.byService}
            />
            <CountTable
              caption={`Demandes ${deName(label)} par lieu d’intervention`}
              heading="Lieu"
              counts={month.byTown}
            />
            {month.refusalReasons.length > 0 ? (
              <>
                <h3>Motifs de refus donnés par les clients</h3>
                <ul>
                  {month.refusalReasons.map((reason, index) => (
                    <li key={index}>{visible(reason)}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
        );
      })}
    </>
  );
}
