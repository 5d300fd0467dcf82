import { devisClientTexts, devisCodeRules, frenchTypography } from '../../facts';
import { Errors } from './errors';
import { Shell } from './shell';

const texts = devisClientTexts;

type CodePageProps = {
  base: string;
  token: string;
  mentions: string;
  number: string;
  errors: string[];
  /** The code can no longer be typed: only a new one helps. */
  dead: boolean;
};

/** Where the client types the code of the mail; a link back to ask for a new one. */
export function CodePage({ base, token, mentions, number, errors, dead }: CodePageProps) {
  return (
    <Shell title={texts.codeTitle} mentions={mentions}>
      <section className="card">
        <p>{frenchTypography(`Devis n° ${number}`)}</p>
        {dead ? null : <p>{texts.codeSent}</p>}
        <Errors id="erreurs-code" errors={errors} />
        {dead ? null : (
          <form method="post" action={`${base}/code`}>
            <input type="hidden" name="_jeton" value={token} />
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
