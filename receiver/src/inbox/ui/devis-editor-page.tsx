import type { PriceListDevisLine } from '../../requests/devis/price-list';
import { devisEditorTexts, devisUnits, typeset } from '../../facts';
import { CLIENT_KIND_CHOICES, CONTRACT_WAYS, LINE_KINDS, priceListChoices, VAT_CHOICES } from '../devis-choices';
import { type DevisFormValues, type FieldErrors } from '../devis-form';
import { formatCents } from '../../requests/devis/money';
import type { DevisTotals } from '../../requests/devis/types';
import { href } from '../paths';
import { Choice, FieldError, idOf, SelectField, TextField } from './fields';
import { Shell, type Member } from './shell';

type DevisEditorPageProps = {
  member: Member;
  csrfToken: string;
  devisId: number;
  /** The request the devis answers: the link back. */
  requestReference: string;
  /** The devis's number once sent (a draft of its next version). */
  number: string | null;
  /** The version this draft will be when sent. */
  nextVersion: number;
  values: DevisFormValues;
  errors: FieldErrors;
  notice?: string;
  /** The saved draft's totals, under its lines (none on a refused form: they would not be what is shown). */
  totals?: DevisTotals;
  /** The company's price list as published (store/site-data.ts); the one built in by default. */
  priceList?: readonly PriceListDevisLine[];
};

const UNITS_LIST = 'unites-devis';

/**
 * « Faire le devis »: the whole draft in one form that works without a script, phone first. Every button
 * posts the form (what is typed is never lost): « Enregistrer », « Aperçu », add a line from the price list
 * or a free one, remove a line. A refused form comes back with each message beside its field.
 */
export function DevisEditorPage(props: DevisEditorPageProps) {
  const { member, csrfToken, devisId, requestReference, number, nextVersion, values, errors, notice } = props;
  const faults = Object.keys(errors).length;
  const title = number ? `Devis ${number}, version ${nextVersion}` : `Devis pour ${values.name || 'le client'}`;
  return (
    <Shell title={title} member={member} csrfToken={csrfToken} current="demandes" notice={notice}>
      <p>
        <a className="link" href={href.request(requestReference)}>
          Retour à la demande
        </a>
      </p>
      {faults > 0 ? (
        <p role="alert" className="error">
          {typeset(
            `${faults > 1 ? `${faults} champs sont à corriger` : 'Un champ est à corriger'} : chaque message est à côté de son champ. Rien n’est enregistré.`,
          )}
        </p>
      ) : null}
      <form method="post" action={href.devis(devisId)} className="devis-form" noValidate>
        <input type="hidden" name="_csrf" value={csrfToken} />
        {/* The button Enter presses in a text field: save, never « Retirer la ligne 1 ». */}
        <button type="submit" name="action" value="save" className="default-action" tabIndex={-1} aria-hidden="true">
          Enregistrer
        </button>

        <fieldset>
          <legend>Client</legend>
          <TextField name="name" label="Nom du client" value={values.name} errors={errors} autoComplete="off" />
          <TextField name="email" label="E-mail" value={values.email} errors={errors} type="email" />
          <TextField name="phone" label="Téléphone" value={values.phone} errors={errors} type="tel" />
          <TextField
            name="jobAddress"
            label="Adresse du chantier"
            value={values.jobAddress}
            errors={errors}
            hint="Rue, code postal et ville."
            multiline
          />
          <fieldset className="inner">
            <legend>{devisEditorTexts.clientKindLegend}</legend>
            <FieldError name="clientKind" errors={errors} />
            {CLIENT_KIND_CHOICES.map((kind) => (
              <Choice key={kind.value}>
                <input
                  type="radio"
                  id={idOf(`clientKind-${kind.value}`)}
                  name="clientKind"
                  value={kind.value}
                  defaultChecked={values.clientKind === kind.value}
                  aria-describedby={idOf(`clientKind-${kind.value}-aide`)}
                />
                <label htmlFor={idOf(`clientKind-${kind.value}`)}>{kind.label}</label>
                <p className="meta" id={idOf(`clientKind-${kind.value}-aide`)}>
                  {kind.help}
                </p>
              </Choice>
            ))}
          </fieldset>
          <TextField
            name="siren"
            label="SIREN (professionnel)"
            value={values.siren}
            errors={errors}
            inputMode="numeric"
            hint="Neuf chiffres."
          />
          <TextField
            name="employees"
            label="Nombre de salariés (professionnel)"
            value={values.employees}
            errors={errors}
            inputMode="numeric"
          />
          <Choice>
            <input
              type="checkbox"
              id={idOf('outsideActivity')}
              name="outsideActivity"
              value="oui"
              defaultChecked={values.outsideActivity}
            />
            <label htmlFor={idOf('outsideActivity')}>
              Les travaux sont en dehors de son activité principale (professionnel)
            </label>
          </Choice>
        </fieldset>

        <fieldset>
          <legend>Objet</legend>
          <TextField name="subject" label="Objet du devis" value={values.subject} errors={errors} />
          <TextField name="description" label="Description" value={values.description} errors={errors} multiline />
          <Choice>
            <input
              type="checkbox"
              id={idOf('decennial')}
              name="decennial"
              value="oui"
              defaultChecked={values.decennial}
              aria-describedby={idOf('decennial-aide')}
            />
            <label htmlFor={idOf('decennial')}>Travaux relevant de la garantie décennale</label>
            <p className="meta" id={idOf('decennial-aide')}>
              {typeset(
                'Travaux de construction ou d’installation qui forment un ouvrage ou s’y incorporent : le devis annonce l’attestation d’assurance décennale et ses e-mails la joignent.',
              )}
            </p>
          </Choice>
        </fieldset>

        <fieldset>
          <legend>{devisEditorTexts.wayLegend}</legend>
          <p className="meta">{devisEditorTexts.wayIntro}</p>
          <FieldError name="way" errors={errors} />
          {CONTRACT_WAYS.map((way) => (
            <Choice key={way.value}>
              <input
                type="radio"
                id={idOf(`way-${way.value}`)}
                name="way"
                value={way.value}
                defaultChecked={values.way === way.value}
                aria-describedby={idOf(`way-${way.value}-aide`)}
              />
              <label htmlFor={idOf(`way-${way.value}`)}>{way.label}</label>
              <p className="meta" id={idOf(`way-${way.value}-aide`)}>
                {way.help}
              </p>
            </Choice>
          ))}
          <Choice>
            <input
              type="checkbox"
              id={idOf('urgent')}
              name="urgent"
              value="oui"
              defaultChecked={values.urgent}
              aria-describedby={idOf('urgent-aide')}
            />
            <label htmlFor={idOf('urgent')}>{devisEditorTexts.urgent.label}</label>
            <p className="meta" id={idOf('urgent-aide')}>
              {devisEditorTexts.urgent.help}
            </p>
          </Choice>
        </fieldset>

        <h2>Lignes</h2>
        <FieldError name="lines" errors={errors} />
        {values.lines.length === 0 ? <p>Aucune ligne pour l’instant.</p> : null}
        <datalist id={UNITS_LIST}>
          {devisUnits.map((unit) => (
            <option key={unit} value={unit} />
          ))}
        </datalist>
        {values.lines.map((line, index) => {
          const n = index + 1;
          const name = (field: string) => `lines.${index}.${field}`;
          return (
            <fieldset key={index} id={`ligne-${n}`} className="devis-line">
              <legend>Ligne {n}</legend>
              <input type="hidden" name={name('source')} value={line.source} />
              <TextField
                name={name('designation')}
                label="Désignation"
                value={line.designation}
                errors={errors}
                multiline
              />
              <div className="pair">
                <div>
                  <TextField
                    name={name('quantity')}
                    label="Quantité"
                    value={line.quantity}
                    errors={errors}
                    inputMode="decimal"
                  />
                </div>
                <div>
                  <TextField name={name('unit')} label="Unité" value={line.unit} errors={errors} list={UNITS_LIST} />
                </div>
              </div>
              <TextField
                name={name('price')}
                label="Prix unitaire HT (€)"
                value={line.price}
                errors={errors}
                inputMode="decimal"
              />
              <SelectField
                name={name('vat')}
                label="Taux de TVA"
                value={line.vat}
                choices={VAT_CHOICES}
                errors={errors}
              />
              <SelectField name={name('kind')} label="Nature" value={line.kind} choices={LINE_KINDS} errors={errors} />
              <div className="actions">
                <button type="submit" name="action" value={`remove:${index}`} className="secondary">
                  Retirer la ligne {n}
                </button>
              </div>
            </fieldset>
          );
        })}
        {props.totals && values.lines.length > 0 ? (
          <dl className="fields totals">
            <dt>Total HT</dt>
            <dd>{formatCents(props.totals.htCents)}</dd>
            <dt>Total TTC</dt>
            <dd className="grand">{formatCents(props.totals.ttcCents)}</dd>
          </dl>
        ) : null}
        <fieldset>
          <legend>Ajouter une ligne</legend>
          <SelectField
            name="tarif"
            label="Ligne du tarif"
            choices={priceListChoices(props.priceList).map((choice) => ({ value: choice.id, label: choice.label }))}
            errors={errors}
          />
          <div className="actions">
            <button type="submit" name="action" value="add-price" className="secondary">
              Ajouter du tarif
            </button>
            <button type="submit" name="action" value="add-line" className="secondary">
              Ajouter une ligne libre
            </button>
          </div>
          <details className="meta">
            <summary>Taux de TVA</summary>
            <ul>
              {VAT_CHOICES.map((choice) => (
                <li key={choice.value}>{typeset(`${choice.label} : ${choice.condition}`)}</li>
              ))}
            </ul>
          </details>
        </fieldset>

        <fieldset>
          <legend>Conditions</legend>
          <TextField
            name="validityDays"
            label="Validité (jours)"
            value={values.validityDays}
            errors={errors}
            inputMode="numeric"
          />
          <TextField
            name="start"
            label="Début prévu"
            value={values.start}
            errors={errors}
            hint={typeset('Par exemple « semaine du 7 décembre » ; vide : à convenir.')}
          />
          <TextField
            name="duration"
            label="Durée prévue"
            value={values.duration}
            errors={errors}
            hint={typeset('Par exemple « 2 jours ».')}
          />
          <TextField
            name="paymentTerms"
            label="Modalités de paiement"
            value={values.paymentTerms}
            errors={errors}
            multiline
          />
          <TextField
            name="deposit"
            label="Acompte TTC (€)"
            value={values.deposit}
            errors={errors}
            inputMode="decimal"
            hint={typeset('Vide : pas d’acompte.')}
          />
        </fieldset>

        <div className="actions">
          <button type="submit" name="action" value="save" className="secondary">
            Enregistrer
          </button>
          <button type="submit" name="action" value="preview">
            Aperçu
          </button>
        </div>
      </form>
    </Shell>
  );
}
