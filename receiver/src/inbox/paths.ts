import { INBOX_PREFIX } from '../inbox-address';

/**
 * Every address of the team's inbox, in one place. The inbox lives under INBOX_PREFIX on its host
 * (written once, in ../inbox-address.ts, below every layer, so config.ts reads it without importing
 * inbox/): its routes are registered under that prefix (Fastify's `prefix`, server.ts), so a route
 * module writes the path below it (`ROUTES`), and a page links with the full path a browser asks for
 * (`href`). Nothing else in the receiver, the deploy step (deploy/render.ts) or the views writes the prefix.
 *
 * This module imports nothing but inbox-address.ts: the tools and the deploy step can read it.
 */

export { INBOX_PATH, INBOX_PREFIX } from '../inbox-address';

/** The routes, as registered below INBOX_PREFIX (`:name` is a parameter). */
export const ROUTES = {
  list: '/',
  spam: '/indesirables/',
  figures: '/chiffres/',
  export: '/export.csv',
  /** What the full export holds, shown before it downloads (managers only). */
  exportPage: '/export',
  request: '/demandes/:reference',
  requestFile: '/demandes/:reference/fichier',
  requestStatus: '/demandes/:reference/statut',
  requestNote: '/demandes/:reference/note',
  requestAssign: '/demandes/:reference/attribution',
  requestNotSpam: '/demandes/:reference/pas-spam',
  requestErase: '/demandes/:reference/effacer',
  /** Everything held about the request's e-mail address (right of access), as a text file. */
  requestData: '/demandes/:reference/donnees',
  /** « Faire le devis » on a request: creates its draft (or opens the devis already open). */
  requestDevis: '/demandes/:reference/devis',
  /** A devis: its editor while it is a draft (GET, and POST to save), else its versions and « Modifier ». */
  devis: '/devis/:id',
  devisPreview: '/devis/:id/apercu',
  devisPreviewPdf: '/devis/:id/apercu.pdf',
  devisSend: '/devis/:id/envoyer',
  /** A new draft from the version sent (the next version). */
  devisEdit: '/devis/:id/modifier',
  /** A sent version's PDF, as stored. */
  devisVersionPdf: '/devis/:id/versions/:version',
  /** « Relancer le client »: one reminder mail, with a new link, about the version awaiting an answer. */
  devisRemind: '/devis/:id/relancer',
  /** « Révoquer ce lien »: every link to the version awaiting an answer withdrawn. */
  devisRevokeLinks: '/devis/:id/revoquer-lien',
  /** An accepted version's proof of acceptance (PDF), drawn from its record. */
  devisVersionProof: '/devis/:id/versions/:version/preuve',
  /** After the acceptance: goods received, work done, a payment (inbox/devis-follow-up.ts). */
  devisFollowUp: '/devis/:id/suivi',
  /** Termination requests (« Résilier un contrat »): the list, one, and « Traitée ». */
  terminations: '/resiliations/',
  termination: '/resiliations/:reference',
  terminationHandled: '/resiliations/:reference/traitee',
  /** « Avis »: the clients' reviews, and what the team does with each (inbox/review-pages.ts). */
  reviews: '/avis/',
  reviewPublish: '/avis/:id/publier',
  reviewRefuse: '/avis/:id/refuser',
  reviewAnswer: '/avis/:id/reponse',
  reviewRemove: '/avis/:id/retirer',
  /** « Le site » (managers): its pages, the publication and the return to the previous release (inbox/site-routes.ts). */
  site: '/site/',
  sitePage: '/site/:page',
  sitePublish: '/site/publier',
  sitePreview: '/site/apercu',
  siteRollback: '/site/revenir',
  /** A finished preview: its page (the site at a phone's width) and its files, behind the session. */
  sitePreviewPage: '/site/apercu/:id/',
  sitePreviewFiles: '/site/apercu/:id/fichiers/*',
  /** The preview's home page (the router ignores a trailing slash: `…/fichiers/` is this one). */
  sitePreviewRoot: '/site/apercu/:id/fichiers',
  /** « Photos » (managers): each place's photo, its replacement from the phone and its small view (inbox/site-photos.ts). */
  sitePhotos: '/site/photos',
  sitePhoto: '/site/photos/:photo',
  sitePhotoThumbnail: '/site/photos/:photo/miniature',
  devices: '/appareils',
  deviceOptions: '/appareils/options',
  deviceVerify: '/appareils/verification',
  deviceConfirmOptions: '/appareils/confirmation/options',
  deviceConfirmVerify: '/appareils/confirmation/verification',
  deviceRemove: '/appareils/retirer',
  signIn: '/connexion',
  signInOptions: '/connexion/options',
  signInVerify: '/connexion/verification',
  signOut: '/deconnexion',
  /** The staff notice, outside the guard: read before enrolment, linked from every footer. */
  staffNotice: '/vos-donnees',
  enrol: '/inscription/:secret',
  enrolOptions: '/inscription/:secret/options',
  enrolVerify: '/inscription/:secret/verification',
  /** The folder of the stylesheet and the passkey scripts (static files, served outside the guard). */
  static: '/static/',
  webauthnScript: '/static/webauthn.js',
} as const;

export type RouteName = keyof typeof ROUTES;

/** A route's full path, its parameters filled in (each one URL-encoded). */
export function pathOf(route: RouteName, params: Record<string, string> = {}): string {
  const below = ROUTES[route].replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`pathOf(${route}): no value for :${name}`);
    return encodeURIComponent(value);
  });
  return `${INBOX_PREFIX}${below}`;
}

/** The links the pages and the redirects use. */
export const href = {
  list: pathOf('list'),
  spam: pathOf('spam'),
  figures: pathOf('figures'),
  export: pathOf('export'),
  exportPage: pathOf('exportPage'),
  staffNotice: pathOf('staffNotice'),
  reviews: pathOf('reviews'),
  reviewPublish: (id: number) => pathOf('reviewPublish', { id: String(id) }),
  reviewRefuse: (id: number) => pathOf('reviewRefuse', { id: String(id) }),
  reviewAnswer: (id: number) => pathOf('reviewAnswer', { id: String(id) }),
  reviewRemove: (id: number) => pathOf('reviewRemove', { id: String(id) }),
  site: pathOf('site'),
  sitePage: (page: string) => pathOf('sitePage', { page }),
  sitePublish: pathOf('sitePublish'),
  sitePreview: pathOf('sitePreview'),
  siteRollback: pathOf('siteRollback'),
  sitePreviewPage: (id: number) => pathOf('sitePreviewPage', { id: String(id) }),
  sitePreviewFiles: (id: number) => pathOf('sitePreviewFiles', { id: String(id) }).replace(/\*$/, ''),
  sitePhotos: pathOf('sitePhotos'),
  sitePhoto: (photo: string) => pathOf('sitePhoto', { photo }),
  sitePhotoThumbnail: (photo: string) => pathOf('sitePhotoThumbnail', { photo }),
  devices: pathOf('devices'),
  deviceOptions: pathOf('deviceOptions'),
  deviceVerify: pathOf('deviceVerify'),
  deviceConfirmOptions: pathOf('deviceConfirmOptions'),
  deviceConfirmVerify: pathOf('deviceConfirmVerify'),
  deviceRemove: pathOf('deviceRemove'),
  signIn: pathOf('signIn'),
  signInOptions: pathOf('signInOptions'),
  signInVerify: pathOf('signInVerify'),
  signOut: pathOf('signOut'),
  stylesheet: `${pathOf('static')}inbox.css`,
  passkeyScript: `${pathOf('static')}passkey.js`,
  webauthnScript: pathOf('webauthnScript'),
  request: (reference: string) => pathOf('request', { reference }),
  requestFile: (reference: string) => pathOf('requestFile', { reference }),
  requestStatus: (reference: string) => pathOf('requestStatus', { reference }),
  requestNote: (reference: string) => pathOf('requestNote', { reference }),
  requestAssign: (reference: string) => pathOf('requestAssign', { reference }),
  requestNotSpam: (reference: string) => pathOf('requestNotSpam', { reference }),
  requestErase: (reference: string) => pathOf('requestErase', { reference }),
  requestData: (reference: string) => pathOf('requestData', { reference }),
  copyScript: `${pathOf('static')}copy-link.js`,
  requestDevis: (reference: string) => pathOf('requestDevis', { reference }),
  devis: (id: number) => pathOf('devis', { id: String(id) }),
  devisPreview: (id: number) => pathOf('devisPreview', { id: String(id) }),
  devisPreviewPdf: (id: number) => pathOf('devisPreviewPdf', { id: String(id) }),
  devisSend: (id: number) => pathOf('devisSend', { id: String(id) }),
  devisEdit: (id: number) => pathOf('devisEdit', { id: String(id) }),
  devisVersionPdf: (id: number, version: number) =>
    pathOf('devisVersionPdf', { id: String(id), version: String(version) }),
  devisRemind: (id: number) => pathOf('devisRemind', { id: String(id) }),
  devisRevokeLinks: (id: number) => pathOf('devisRevokeLinks', { id: String(id) }),
  devisVersionProof: (id: number, version: number) =>
    pathOf('devisVersionProof', { id: String(id), version: String(version) }),
  devisFollowUp: (id: number) => pathOf('devisFollowUp', { id: String(id) }),
  terminations: pathOf('terminations'),
  termination: (reference: string) => pathOf('termination', { reference }),
  terminationHandled: (reference: string) => pathOf('terminationHandled', { reference }),
  enrol: (secret: string) => pathOf('enrol', { secret }),
  enrolOptions: (secret: string) => pathOf('enrolOptions', { secret }),
  enrolVerify: (secret: string) => pathOf('enrolVerify', { secret }),
} as const;

/** An inbox link as an absolute address, from the inbox's public address (QUOTE_INBOX_URL): mails, tools. */
export function absolute(inboxUrl: string, path: string): string {
  return new URL(path, inboxUrl).href;
}

/** The enrolment page of a secret, under the inbox's public address. */
export function enrolmentUrl(inboxUrl: string, secret: string): string {
  return absolute(inboxUrl, href.enrol(secret));
}
