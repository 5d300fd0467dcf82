import { PasskeyButton } from './passkey-button';
import { Shell } from './shell';

type SignInPageProps = {
  optionsPath: string;
  verifyPath: string;
  /** A message after a redirect: signed out, or a session that expired. */
  notice?: string;
};

/** The sign-in page: one button, no address to type (the phone offers its passkey for the inbox). */
export function SignInPage({ optionsPath, verifyPath, notice }: SignInPageProps) {
  return (
    <Shell title="Connexion" notice={notice}>
      <p>Connectez-vous avec la clé d’accès enregistrée sur votre téléphone ou votre ordinateur.</p>
      <PasskeyButton
        ceremony="authenticate"
        optionsPath={optionsPath}
        verifyPath={verifyPath}
        label="Se connecter avec une clé d’accès"
      />
      <p>
        Pas encore de clé d’accès, ou un téléphone perdu&#x202F;? Demandez un lien d’inscription au responsable de la
        boîte de réception.
      </p>
    </Shell>
  );
}
