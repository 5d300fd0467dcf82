import { formatFrenchDateTime, typeset } from '../../facts';
import type { FieldChange } from '../site-changes';
import { ADD_ROW, REMOVE_ROW, ROW_MARK, type FormNode } from '../site-form';
import { href } from '../paths';
import { Choice, FieldError, idOf, TextField } from './fields';
import { Shell, type Member } from './shell';

/**
 * The pages of « Le site » (managers only, inbox/site-routes.ts): the index, with what waits to be
 * published, the publications and their stages, « Aperçu », « Publier » and « Revenir à la version
 * précédente »; and one page of the site's facts as a form drawn from its schema (site-form.ts). No script:
 * a publication's page reloads itself while it runs.
 */

export const SITE_TITLE = 'Le site';

/** A publication or a preview, as the index shows it. */
export type PublicationView = {
  id: number;
  kind: 'publication' | 'apercu' | 'retour';
  /** « Construction… », « En ligne », « Échec »… */
  stageLabel: string;
  error?: string;
  startedAt: string;
  author: string | null;
  /** A finished preview's address. */
  previewHref?: string;
};

export type SiteIndexProps = {
  member: Member;
  csrfToken: string;
  notice?: string;
  /** Why publishing is off on this server, when it is (the settings are missing). */
  unavailable?: string;
  pages: { id: string; title: string; changes: FieldChange[] }[];
  publications: PublicationView[];
  /** A publication or preview runs: the page reloads itself. */
  running: boolean;
  /** A previous release exists to go back to. */
  canRollBack: boolean;
};

/** Seconds between two reloads of the index while a publication runs. */
export const SITE_REFRESH_SECONDS = 3;

function Changes({ changes }: { changes: FieldChange[] }) {
  return (
    <ul className="changes">
      {changes.map((change) => (
        <li key={`${change.field}-${change.from}-${change.to}`}>
          {typeset(`${change.field} : « ${change.from || '(vide)'} » → « ${change.to || '(vide)'} »`)}
        </li>
      ))}
    </ul>
  );
}

export function SiteIndexPage(props: SiteIndexProps) {
  const { member, csrfToken, notice, pages, publications, running, canRollBack, unavailable } = props;
  const pending = pages.some((page) => page.changes.length > 0);
  return (
    <Shell
      title={SITE_TITLE}
      member={member}
      csrfToken={csrfToken}
      current="site"
      notice={notice}
      refreshSeconds={running ? SITE_REFRESH_SECONDS : undefined}
    >
      <p>
        {typeset(
          'Modifiez ici les informations du site public, puis publiez-les : le site est reconstruit et vérifié avant de remplacer la version en ligne. Les textes juridiques ne se modifient pas ici.',
        )}
      </p>
      {unavailable ? <p className="notice">{unavailable}</p> : null}
      <h2>Les pages</h2>
      <ul className="site-pages">
        {pages.map((page) => (
          <li key={page.id}>
            <a className="link" href={href.sitePage(page.id)}>
              {page.title}
            </a>
            {page.changes.length > 0 ? (
              <>
                {' '}
                <span className="badge">{typeset('Modifiée, à publier')}</span>
                <Changes changes={page.changes} />
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {unavailable ? null : (
        <>
          <h2>Publier</h2>
          {running ? (
            <p role="status">{typeset('Une publication est en cours : cette page se met à jour toute seule.')}</p>
          ) : !pending ? (
            <p>{typeset('Aucune modification en attente : le site en ligne est à jour.')}</p>
          ) : null}
          <div className="actions">
            <form method="post" action={href.sitePreview}>
              <input type="hidden" name="_csrf" value={csrfToken} />
              <button type="submit" className="secondary" disabled={running}>
                Aperçu
              </button>
            </form>
            <form method="post" action={href.sitePublish}>
              <input type="hidden" name="_csrf" value={csrfToken} />
              <button type="submit" disabled={running || !pending}>
                Publier
              </button>
            </form>
          </div>
          {canRollBack ? (
            <form method="post" action={href.siteRollback}>
              <input type="hidden" name="_csrf" value={csrfToken} />
              <p className="meta">
                {typeset('Remet en ligne la version publiée juste avant, sans reconstruire le site.')}
              </p>
              <button type="submit" className="secondary" disabled={running}>
                Revenir à la version précédente
              </button>
            </form>
          ) : null}
          {publications.length > 0 ? (
            <>
              <h2>Dernières publications</h2>
              <ul className="publications">
                {publications.map((publication) => (
                  <li key={publication.id}>
                    <strong>{publication.stageLabel}</strong>
                    {' – '}
                    {typeset(
                      `${publication.kind === 'apercu' ? 'Aperçu' : publication.kind === 'retour' ? 'Retour à la version précédente' : 'Publication'} du ${formatFrenchDateTime(new Date(publication.startedAt))}${publication.author ? `, par ${publication.author}` : ''}`,
                    )}
                    {publication.error ? <p className="field-error">{publication.error}</p> : null}
                    {publication.previewHref ? (
                      <p>
                        <a className="link" href={publication.previewHref}>
                          {'Voir l’aperçu'}
                        </a>
                      </p>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </Shell>
  );
}

export type SitePageProps = {
  member: Member;
  csrfToken: string;
  page: { id: string; title: string };
  nodes: FormNode[];
  /** Problems by field name ('' for the form as a whole). */
  errors: Record<string, string>;
  /** The draft's revision the form was read at (0: none). */
  revision: number;
  /** Saved in between by someone else: who, when, and what the form showed before. */
  conflict?: { by: string | null; at: string; typed: FieldChange[] };
  notice?: string;
};

function Node({ node, errors }: { node: FormNode; errors: Record<string, string> }) {
  switch (node.kind) {
    case 'field':
      if (node.readOnly) {
        return (
          <p className="field">
            {typeset(`${node.label} : `)}
            <strong>{node.value}</strong>
          </p>
        );
      }
      return (
        <div className="field">
          <TextField
            name={node.name}
            label={typeset(node.required ? node.label : `${node.label} (facultatif)`)}
            value={node.value}
            errors={errors}
            hint={node.hint && typeset(node.hint)}
            multiline={node.input === 'textarea'}
            type={node.input === 'textarea' || node.input === 'number' ? undefined : node.input}
            inputMode={node.input === 'number' ? 'decimal' : undefined}
          />
        </div>
      );
    case 'lines':
      return (
        <div className="field">
          <TextField
            name={node.name}
            label={typeset(node.label)}
            value={node.value}
            errors={errors}
            hint={typeset(node.hint ?? 'Une par ligne.')}
            multiline
          />
        </div>
      );
    case 'check':
      return (
        <>
          <FieldError name={node.name} errors={errors} />
          <Choice>
            <input type="checkbox" id={idOf(node.name)} name={node.name} defaultChecked={node.checked} />
            <label htmlFor={idOf(node.name)}>{typeset(node.label)}</label>
            {node.hint ? <p className="meta">{typeset(node.hint)}</p> : null}
          </Choice>
        </>
      );
    case 'choice':
      return (
        <div className="field">
          <label htmlFor={idOf(node.name)}>{typeset(node.label)}</label>
          {node.hint ? <p className="meta">{typeset(node.hint)}</p> : null}
          <FieldError name={node.name} errors={errors} />
          <select id={idOf(node.name)} name={node.name} defaultValue={node.value}>
            {node.choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        </div>
      );
    case 'group':
      return (
        <fieldset>
          <legend>{typeset(node.label)}</legend>
          {node.hint ? <p className="meta">{typeset(node.hint)}</p> : null}
          <FieldError name={node.name} errors={errors} />
          {node.children.map((child) => (
            <Node key={child.name} node={child} errors={errors} />
          ))}
        </fieldset>
      );
    case 'list':
      return (
        <fieldset>
          <legend>{typeset(node.label)}</legend>
          {node.hint ? <p className="meta">{typeset(node.hint)}</p> : null}
          <FieldError name={node.name} errors={errors} />
          {node.rows.length === 0 ? <p className="meta">Aucune pour l’instant.</p> : null}
          {node.rows.map((row) => (
            <div className="row" key={row.name}>
              {/* Marks the row as sent, even when none of its fields is (a box left unticked). */}
              <input type="hidden" name={`${row.name}/${ROW_MARK}`} value="" />
              <Node node={row} errors={errors} />
              {node.canRemove ? (
                <button type="submit" name={REMOVE_ROW} value={row.name} className="secondary">
                  {typeset(`Retirer : ${row.label}`)}
                </button>
              ) : null}
            </div>
          ))}
          {node.canAdd ? (
            <button type="submit" name={ADD_ROW} value={node.name} className="secondary">
              {typeset(`Ajouter : ${node.itemLabel}`)}
            </button>
          ) : null}
        </fieldset>
      );
  }
}

/** The link back to « Le site », above each of its pages. */
export function BackToSite() {
  return (
    <p>
      <a className="link" href={href.site}>
        {'← Le site'}
      </a>
    </p>
  );
}

export function SitePage(props: SitePageProps) {
  const { member, csrfToken, page, nodes, errors, revision, conflict, notice } = props;
  const problems = Object.keys(errors).length;
  return (
    <Shell title={page.title} member={member} csrfToken={csrfToken} current="site" notice={notice}>
      <BackToSite />
      {conflict ? (
        <div className="notice" role="alert">
          <p>
            {typeset(
              `Cette page a été modifiée entre-temps par ${conflict.by ?? 'un ancien membre'} (${formatFrenchDateTime(new Date(conflict.at))}) : voici ses valeurs. Rien n’a été enregistré de votre saisie, que voici pour la reprendre :`,
            )}
          </p>
          <Changes changes={conflict.typed} />
        </div>
      ) : null}
      {problems > 0 ? (
        <p className="field-error" role="alert">
          {typeset(
            problems === 1
              ? 'Un champ est à corriger : rien n’a été enregistré.'
              : `${problems} champs sont à corriger : rien n’a été enregistré.`,
          )}
        </p>
      ) : null}
      <form method="post" action={href.sitePage(page.id)} noValidate>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="_revision" value={String(revision)} />
        {/* First in the form, so that Enter in a field saves rather than pressing a list's button. */}
        <button type="submit">Enregistrer</button>
        {nodes.map((node) => (
          <Node key={node.name} node={node} errors={errors} />
        ))}
        <p className="meta">{typeset('Enregistrer ne publie pas : publiez depuis la page « Le site ».')}</p>
        <button type="submit">Enregistrer</button>
      </form>
    </Shell>
  );
}

/** A plain member who opens « Le site » by its address: it is for the managers. */
export function SiteRefusedPage({ member, csrfToken }: { member: Member; csrfToken: string }) {
  return (
    <Shell title={SITE_TITLE} member={member} csrfToken={csrfToken}>
      <p>
        {typeset(
          'Cette page est réservée aux responsables de l’entreprise (ceux qui peuvent modifier et publier le site). Demandez à l’un d’eux si une information du site est à corriger.',
        )}
      </p>
    </Shell>
  );
}
