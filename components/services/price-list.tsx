import { priceList, vat } from '@/content/pricing';
import { formatPrice, withVat } from '@/lib/format';
import { Section } from '@/components/ui/section';

const cellClasses = 'px-3 py-3 sm:px-4';

/** One amount of the price list, "à partir de" included when it is a minimum, each part kept on one line. */
function amount(euros: number, from: boolean | undefined) {
  return (
    <>
      {from ? <span className="whitespace-nowrap">{priceList.from}</span> : null}
      {from ? ' ' : null}
      <span className="whitespace-nowrap">{formatPrice(euros)}</span>
    </>
  );
}

/** The published price list of /services: each row HT and TTC, then how time is counted and the VAT line. */
export function PriceList() {
  return (
    <Section id="tarifs" title={priceList.title} intro={priceList.intro}>
      <div className="mx-auto max-w-3xl">
        <div className="overflow-hidden rounded-card ring-1 ring-brand-100">
          <table className="w-full border-collapse text-left text-sm sm:text-base">
            <caption className="sr-only">{priceList.caption}</caption>
            <thead className="bg-brand-50 text-ink">
              <tr>
                <th scope="col" className={cellClasses}>
                  {priceList.columns.label}
                </th>
                <th scope="col" className={`${cellClasses} text-right`}>
                  {priceList.columns.exclTax}
                </th>
                <th scope="col" className={`${cellClasses} text-right`}>
                  {priceList.columns.inclTax}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-brand-100">
              {priceList.rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className={`${cellClasses} font-medium text-ink`}>
                    {row.label}
                  </th>
                  {row.amount === undefined ? (
                    <td colSpan={2} className={`${cellClasses} text-right font-semibold text-brand-700`}>
                      {row.text}
                    </td>
                  ) : (
                    <>
                      <td className={`${cellClasses} text-right`}>{amount(row.amount, row.from)}</td>
                      <td className={`${cellClasses} text-right font-semibold text-brand-700`}>
                        {amount(withVat(row.amount, vat.standardRate), row.from)}
                      </td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="mt-6 space-y-2 text-sm text-ink-muted">
          <p>{priceList.timeCounting.text}</p>
          {priceList.notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </div>
      </div>
    </Section>
  );
}
