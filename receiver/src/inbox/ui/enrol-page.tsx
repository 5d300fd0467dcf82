import { NBSP } from '../../facts';
import { href } from '../paths';
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
  passkeys: number;
  optionsPath: string;
  verifyPath: string;
};

/** A signed-in member adds a passkey on another device (open this page on that device). */
export function DevicePage({ member, csrfToken, passkeys, optionsPath, verifyPath }: DevicePageProps) {
  return (
    <Shell title="Mes appareils" member={member} csrfToken={csrfToken} current="appareils">
      <p>{passkeys === 1 ? 'Vous avez une clé d’accès.' : `Vous avez ${passkeys} clés d’accès.`}</p>
      <p>
        Ouvrez cette page sur l’appareil à ajouter (connecté avec votre clé actuelle, par exemple en scannant le code
        proposé par le téléphone), puis créez-y une clé d’accès.
      </p>
      <PasskeyButton
        ceremony="register"
        optionsPath={optionsPath}
        verifyPath={verifyPath}
        csrfToken={csrfToken}
        label="Créer une clé d’accès sur cet appareil"
      />
    </Shell>
  );
}
