import { NBSP, typeset } from '../../facts';
import type { PasskeySummary } from '../../store/passkeys';
import { href } from '../paths';
import { formatDateTime, formatMoment } from './format';
import type { Member } from './shell';
import { PasskeyButton } from './passkey-button';
import { Shell } from './shell';
import { STAFF_NOTICE_TITLE } from './staff-notice-page';

type EnrolPageProps = { name: string; optionsPath: string; verifyPath: string };

/** The page an enrolment link opens: create a passkey, which signs the person in. */
export function EnrolPage({ name, optionsPath, verifyPath }: EnrolPageProps) {
  return (
    <Shell title="Créer votre clé d’accès">
      <p>{`Bonjour ${name}, ce lien vous ouvre la boîte de réception de l’équipe.`}</p>
      <p>
        Créez une clé d’accès sur cet appareil&nbsp;: votre téléphone vous demandera votre empreinte, votre visage ou
        son code. Il n’y a pas de mot de passe.
      </p>
      <p className="before">
        Avant de la créer, lisez ce que la boîte de réception enregistre sur vous et pourquoi{NBSP}:{' '}
        <a className="link" href={href.staffNotice}>
          {STAFF_NOTICE_TITLE}
        </a>
        .
      </p>
      <PasskeyButton
        ceremony="register"
        optionsPath={optionsPath}
        verifyPath={verifyPath}
        label="Créer ma clé d’accès"
      />
    </Shell>
  );
}

/** An enrolment link that is unknown, used, or past its 15 minutes. */
export function EnrolmentGonePage() {
  return (
    <Shell title="Lien d’inscription expiré">
      <p>
        Ce lien d’inscription a déjà servi ou a expiré (il vaut 15 minutes). Demandez-en un nouveau au responsable de la
        boîte de réception.
      </p>
      <p>
        <a href={href.signIn}>Se connecter avec une clé d’accès existante</a>
      </p>
    </Shell>
  );
}

type DevicePageProps = {
  member: Member;
  csrfToken: string;
  passkeys: PasskeySummary[];
  now: Date;
  /** Whether the member used a passkey in this session within the last reauthMinutes. */
  fresh: boolean;
  reauthMinutes: number;
  paths: { options: string; verify: string; confirmOptions: string; confirmVerify: string; remove: string };
  notice?: string;
  error?: string;
};

/**
 * « Mes appareils »: each passkey of the member (device, added, last used) with its « Retirer » button,
 * then adding one on this device, which asks first for a recent passkey ceremony (a confirmation).
 */
export function DevicePage(props: DevicePageProps) {
  const { member, csrfToken, passkeys, now, fresh, reauthMinutes, paths } = props;
  const last = passkeys.length === 1;
  return (
    <Shell title="Mes appareils" member={member} csrfToken={csrfToken} current="appareils" notice={props.notice}>
      {props.error ? (
        <p role="alert" className="error">
          {typeset(props.error)}
        </p>
      ) : null}
      <p>
        {passkeys.length === 0
          ? typeset('Vous n’avez plus de clé d’accès.')
          : last
            ? 'Vous avez une clé d’accès.'
            : `Vous avez ${passkeys.length} clés d’accès.`}
      </p>
      <ul className="devices">
        {passkeys.map((passkey) => (
          <li key={passkey.id}>
            <h2>{passkey.name}</h2>
            <p>
              {typeset(
                `Ajoutée le ${formatDateTime(new Date(passkey.createdAt))} ; dernière connexion : ${
                  passkey.lastUsedAt === null ? 'jamais' : formatMoment(new Date(passkey.lastUsedAt), now)
                }.`,
              )}
            </p>
            <form method="post" action={paths.remove}>
              <input type="hidden" name="_csrf" value={csrfToken} />
              <input type="hidden" name="cle" value={passkey.id} />
              {last ? (
                <p>
                  <input id={`derniere-${passkey.id}`} type="checkbox" name="derniere" value="oui" required />{' '}
                  <label htmlFor={`derniere-${passkey.id}`}>
                    {typeset(
                      'C’est ma dernière clé : une fois la session finie, je ne pourrai me reconnecter qu’avec un nouveau lien du responsable.',
                    )}
                  </label>
                </p>
              ) : null}
              <div className="actions">
                <button type="submit" className="button secondary" aria-label={`Retirer ${passkey.name}`}>
                  Retirer
                </button>
              </div>
            </form>
          </li>
        ))}
      </ul>

      <h2>Ajouter un appareil</h2>
      {fresh ? (
        <>
          <p>
            {typeset(
              'Ouvrez cette page sur l’appareil à ajouter (connecté avec votre clé actuelle, par exemple en scannant le code proposé par le téléphone), puis créez-y une clé d’accès.',
            )}
          </p>
          <PasskeyButton
            ceremony="register"
            optionsPath={paths.options}
            verifyPath={paths.verify}
            csrfToken={csrfToken}
            label="Créer une clé d’accès sur cet appareil"
          />
        </>
      ) : (
        <>
          <p>
            {typeset(
              `Pour ajouter une clé d’accès, confirmez d’abord que c’est bien vous avec votre clé actuelle (l’ajout reste possible ${reauthMinutes} minutes).`,
            )}
          </p>
          <PasskeyButton
            ceremony="authenticate"
            optionsPath={paths.confirmOptions}
            verifyPath={paths.confirmVerify}
            csrfToken={csrfToken}
            label="Confirmer avec ma clé d’accès"
          />
        </>
      )}
    </Shell>
  );
}
