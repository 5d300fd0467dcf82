import { typeset } from '../../facts';
import { BackToSite } from './site-pages';
import { Shell, type Member } from './shell';

/** The width of the preview's frame: a common phone's, in CSS pixels. */
export const PREVIEW_WIDTH = 390;

/** « Aperçu »: the site as it will be published, at a phone's width, in a frame of the inbox. */
export function SitePreviewPage({ member, csrfToken, files }: { member: Member; csrfToken: string; files: string }) {
  return (
    <Shell title="Aperçu du site" member={member} csrfToken={csrfToken} current="site">
      <BackToSite />
      <p>
        {typeset(
          'Le site tel qu’il sera publié avec vos modifications, à la largeur d’un téléphone. Les liens mènent aux autres pages de l’aperçu ; le menu et les boutons animés ne fonctionnent pas ici.',
        )}
      </p>
      <p>
        <a className="link" href={files}>
          {'Ouvrir l’aperçu en pleine page'}
        </a>
      </p>
      <iframe className="preview" title="Aperçu du site" src={files} width={PREVIEW_WIDTH} height={780} />
    </Shell>
  );
}
