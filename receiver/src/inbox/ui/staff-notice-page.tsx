import type { StaffRetention } from '../../config';
import {
  days,
  devisTerms,
  months,
  privacyResponseMonths,
  retention as requestRetention,
  typeset,
  years,
  type Site,
} from '../../facts';
import { href } from '../paths';
import { Shell } from './shell';

/**
 * The staff notice (RGPD art. 13, Code du travail L. 1222-4): what the inbox records about each team
 * member, why, how long, who sees it, and their rights. Public (the enrolment page links to it, before a
 * passkey is created) and linked from every page's footer. Every duration comes from the receiver's
 * settings (config.retention, the session's limit) or from the site's legal facts: nothing is restated.
 */

export const STAFF_NOTICE_TITLE = 'Vos données de membre de l’équipe';

export type StaffNoticeProps = {
  retention: StaffRetention;
  /** The longest a session lasts, in ms (QUOTE_SESSION_MAX_DAYS). */
  sessionAbsoluteMs: number;
  /** The company as published (store/site-data.ts publishedSite): who runs the inbox, whom to write to. */
  site: Site;
};

/** What is recorded, and how long each is kept: the notice's table and the docs say the same. */
export function recordedData(props: StaffNoticeProps) {
  const { retention } = props;
  const sessionDays = Math.round(props.sessionAbsoluteMs / 86_400_000);
  const memberTime = `tant que vous faites partie de l’équipe, puis ${months(retention.disabledMemberMonths)} après la fermeture de votre accès`;
  return typeset([
    {
      what: 'Votre nom et votre adresse e-mail',
      why: 'vous connecter, vous attribuer des demandes, signer vos actions dans l’historique',
      kept: `${memberTime} ; ils sont alors remplacés par « Ancien membre n° … » dans l’historique`,
    },
    {
      what: 'Vos clés d’accès (une clé publique par appareil, sa date d’ajout et de dernière utilisation)',
      why: 'vous reconnaître sans mot de passe (votre empreinte ou votre visage restent sur votre appareil)',
      kept: memberTime,
    },
    {
      what: 'Vos sessions (l’heure de connexion et celle de la dernière activité)',
      why: 'fermer une session inactive ou trop ancienne',
      kept: `jusqu’à la déconnexion, ${days(sessionDays)} au plus`,
    },
    {
      what: 'Le journal des actions (qui a fait quoi, et quand) : connexions, déconnexions, changements de statut, notes, attributions, exports et effacements',
      why: 'la sécurité de l’accès aux demandes des clients et la traçabilité de leur suivi',
      kept: `${months(retention.auditMonths)}, puis effacé chaque jour par la purge`,
    },
    {
      what: 'Sur chaque demande, qui l’a rappelée et quand, à qui elle est attribuée, vos notes et l’historique',
      why: 'le suivi de la demande par toute l’équipe',
      kept: `avec la demande, soit ${years(requestRetention.quoteRequestYears)} après le dernier contact du client, ou jusqu’à ce qu’il en demande l’effacement`,
    },
    {
      what: 'Sur chaque devis que vous envoyez, votre nom, la date et l’heure de l’envoi, l’adresse IP et le navigateur de l’appareil utilisé',
      why: 'prouver qui a envoyé au client le devis qu’il a accepté, et quand (la preuve du contrat conclu en ligne)',
      kept: `avec le devis ; s’il est accepté, avec le contrat, jusqu’à l’exécution des travaux puis ${years(devisTerms.electronicContractKeep.years)} ; sinon, avec la demande`,
    },
  ]);
}

export function StaffNoticePage(props: StaffNoticeProps) {
  const { site } = props;
  const rows = recordedData(props);
  return (
    <Shell title={STAFF_NOTICE_TITLE}>
      <p>
        {typeset(
          `${site.legalName} met cette boîte de réception à la disposition de son équipe pour suivre les demandes de devis. Voici ce qu’elle enregistre sur vous, pourquoi, combien de temps, qui le voit, et vos droits (RGPD, articles 13 et 30 ; Code du travail, article L. 1222-4).`,
        )}
      </p>
      <h2>Ce qui est enregistré, et combien de temps</h2>
      <ul className="notice-list">
        {rows.map((row) => (
          <li key={row.what}>
            <strong>{row.what}.</strong>
            <p>{typeset(`Pour : ${row.why}.`)}</p>
            <p>{typeset(`Conservé : ${row.kept}.`)}</p>
          </li>
        ))}
      </ul>
      <h2>Pourquoi</h2>
      <p>
        {typeset(
          'Pour la sécurité de l’accès aux demandes des clients et la traçabilité de leur suivi (intérêt légitime de l’entreprise, article 6.1.f du RGPD). Ces données ne servent pas à évaluer chacun : les chiffres de la boîte de réception sont calculés pour l’équipe entière, jamais par personne, et le journal n’est lu qu’en cas d’incident (un accès suspect, une demande perdue, une réclamation).',
        )}
      </p>
      <h2>Qui les voit</h2>
      <p>
        {typeset(
          'Les membres de l’équipe voient les noms, les attributions, les notes et l’historique des demandes. Les responsables désignés par l’entreprise peuvent en plus exporter les demandes. Le journal des actions, les sessions et les clés d’accès ne se lisent que sur le serveur, par la personne qui l’administre pour l’entreprise. Rien n’est transmis hors de l’entreprise, hormis à son hébergeur.',
        )}
      </p>
      <h2>Vos droits</h2>
      <p>
        {typeset(
          `Vous pouvez accéder à ces données, les faire rectifier ou effacer, en limiter l’usage ou vous y opposer (RGPD, articles 15 à 21). Écrivez à ${site.privacyEmail} : l’entreprise vous répond sous ${months(privacyResponseMonths)}. Vous pouvez aussi adresser une réclamation à la CNIL (cnil.fr, 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07).`,
        )}
      </p>
      <p>
        <a className="link" href={href.list}>
          Aller à la boîte de réception
        </a>
      </p>
    </Shell>
  );
}
