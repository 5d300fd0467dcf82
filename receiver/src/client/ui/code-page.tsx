import type { ServedCompany } from '../../pages/shell';
import { devisAnswerTexts, devisClientTexts, devisCodeRules, frenchTypography } from '../../facts';
import { formatCents } from '../../requests/devis/money';
import type { AcceptanceDetail } from '../../requests/devis/acceptance-detail';
import { Errors } from './errors';
import { Shell } from './shell';

const texts = devisClientTexts;
const recapTexts = devisAnswerTexts.recap;

/** What the live code will confirm, shown before it is typed (C. civ. 1127-2). */
export type CodeRecap = {
  version: number;
  totalTtcCents: number;
  /** Whether the devis offers the early-start box (a withdrawal period applies): only then is the choice shown. */
  earlyStartOffered: boolean;
  /** What the code's request typed and ticked. */
  detail: AcceptanceDetail;
};

type CodePageProps = {
  base: string;
  token: string;
  /** The code request's nonce, posted back with the code (only that request's code page has it). */
  nonce: string;
  company: ServedCompany;
  number: string;
  errors: string[];
  /** The code can no longer be typed here: only a new one helps. */
  dead: boolean;
  recap?: CodeRecap;
};

/** The recap: the devis, its total, and each answer the code will sign; a link back to change them. */
function Recap({ base, number, recap }: { base: string; number: string; recap: CodeRecap }) {
  const { detail } = recap;
  return (
    <section className="card" aria-labelledby="recapitulatif">
      <h2 id="recapitulatif">{recapTexts.title}</h2>
      <p>{recapTexts.intro}</p>
      <dl>
        <dt>{recapTexts.devis}</dt>
        <dd>{frenchTypography(`n° ${number}, ${recapTexts.version} ${recap.version}`)}</dd>
        <dt>{recapTexts.total}</dt>
        <dd>{frenchTypography(`${formatCents(recap.totalTtcCents)} TTC`)}</dd>
        <dt>{recapTexts.name}</dt>
        <dd>{detail.signerName}</dd>
        {detail.signerCapacity ? (
          <>
            <dt>{recapTexts.capacity}</dt>
            <dd>{detail.signerCapacity}</dd>
          </>
        ) : null}
        {recap.earlyStartOffered ? (
          <>
            <dt>{recapTexts.earlyStart}</dt>
            <dd>{detail.earlyStart ? recapTexts.asked : recapTexts.notAsked}</dd>
          </>
        ) : null}
      </dl>
      {detail.boxes && detail.boxes.length > 0 ? (
        <>
          <h3>{recapTexts.boxes}</h3>
          <ul>
            {detail.boxes.map((box) => (
              <li key={box.id}>
                {frenchTypography(`« ${box.text} » : `)}
                <strong>{box.checked ? recapTexts.checked : recapTexts.unchecked}</strong>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        <a href={`${base}#reponse`}>{recapTexts.edit}</a>
      </p>
    </section>
  );
}

/**
 * Where the client checks what they are signing and types the code of the mail; a link back to ask for a
 * new one. The form carries the request's nonce: a code page opened by another request cannot confirm it.
 */
export function CodePage({ base, token, nonce, company, number, errors, dead, recap }: CodePageProps) {
  return (
    <Shell title={texts.codeTitle} company={company}>
      {recap && !dead ? <Recap base={base} number={number} recap={recap} /> : null}
      <section className="card">
        <p>{frenchTypography(`Devis n° ${number}`)}</p>
        {dead ? null : <p>{texts.codeSent}</p>}
        <Errors id="erreurs-code" errors={errors} />
        {dead ? null : (
          <form method="post" action={`${base}/code`}>
            <input type="hidden" name="_csrf" value={token} />
            <input type="hidden" name="demande" value={nonce} />
            <p>
              <label htmlFor="code">{texts.codeLabel}</label>
              <input
                type="text"
                className="code"
                id="code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern={`[0-9]{${devisCodeRules.digits}}`}
                maxLength={devisCodeRules.digits}
                required
              />
            </p>
            <button type="submit">{texts.confirm}</button>
          </form>
        )}
        <p>
          <a href={`${base}#reponse`}>{texts.newCode}</a>
        </p>
      </section>
    </Shell>
  );
}
