import { frenchTypography } from '../facts';

/**
 * What a manager reads when a publication cannot start or fails: what happened, that the site online did not
 * change (or did), and what to do. Shown by the inbox's « Publier » page and kept on the publication's row.
 */

const fr = frenchTypography;
const unchanged = 'Le site en ligne n’a pas changé et vos modifications ne sont pas publiées.';

export const publishMessages = {
  busy: fr('Une publication ou un aperçu est déjà en cours : attendez qu’il se termine, puis recommencez.'),
  off: fr('La publication du site n’est pas configurée sur ce serveur (SITE_SOURCE_DIR et SITE_RELEASES_DIR).'),
  pathRefused: (file: string) =>
    fr(`Le fichier « ${file} » ne peut pas être publié : seuls les fichiers .json de content/data/ le peuvent.`),
  notJson: (file: string) => fr(`Le contenu de « ${file} » n’est pas une donnée JSON.`),
  dirtyCheckout: fr(
    `La copie du site sur le serveur contient des changements qui ne viennent pas d’une publication. ${unchanged} Prévenez le développeur du site (docs/publication.md).`,
  ),
  git: (detail: string) =>
    fr(
      `L’enregistrement des modifications dans la copie du site a échoué (${detail}). ${unchanged} Prévenez le développeur du site.`,
    ),
  diskFull: fr(
    `La construction du site a échoué : le disque du serveur est plein. ${unchanged} Libérez de la place sur le serveur (ou demandez-le à la personne qui s’en occupe), puis publiez de nouveau.`,
  ),
  outOfMemory: fr(
    `La construction du site a manqué de mémoire. ${unchanged} Publiez de nouveau dans quelques minutes ; si cela se répète, prévenez le développeur du site (SITE_BUILD_MEMORY_MB).`,
  ),
  killed: fr(
    `La construction du site a été interrompue avant sa fin. ${unchanged} Publiez de nouveau ; si cela se répète, prévenez le développeur du site.`,
  ),
  buildFailed: (code: number, log: string) =>
    fr(
      `La construction du site a échoué (code ${code}). ${unchanged} Prévenez le développeur du site : le journal de la construction est dans ${log}.`,
    ),
  cgvFailed: (code: number, log: string) =>
    fr(
      `La nouvelle version des conditions générales de vente n’a pas pu être enregistrée (code ${code}). ${unchanged} Prévenez le développeur du site : le journal est dans ${log}.`,
    ),
  checkRefused: (output: string) =>
    fr(`La vérification avant la mise en ligne a refusé cette version. ${unchanged}`) + (output ? `\n${output}` : ''),
  reloadFailed: (code: number, log: string) =>
    fr(
      `Le rechargement de nginx (SITE_RELOAD_COMMAND) a échoué (code ${code}). ${unchanged} Prévenez la personne qui s’occupe du serveur : le journal est dans ${log}.`,
    ),
  restarted: fr(`Le serveur a redémarré pendant la publication, qui n’a pas abouti. ${unchanged} Publiez de nouveau.`),
  deployFailed: (code: number, log: string) =>
    fr(
      `La nouvelle version est en ligne sur ce serveur, mais sa copie chez l’autre hébergeur (SITE_DEPLOY_COMMAND) a échoué (code ${code}). Prévenez la personne qui s’occupe de cet hébergement : le journal est dans ${log}.`,
    ),
  noPrevious: fr('Aucune version précédente n’est gardée sur le serveur : il n’y a rien à rétablir.'),
  noPreview: fr('Cet aperçu n’existe pas ou n’est plus gardé.'),
  rollbackMessage: (id: number) => fr(`Retour à la version de la publication n° ${id}`),
  receiverName: fr('Boîte de réception'),
} as const;
