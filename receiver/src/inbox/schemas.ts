import { Type, type Static, type TLiteral } from '@sinclair/typebox';
import { REFERENCE_PATTERN, TERMINATION_REFERENCE_PATTERN } from '../requests/reference';
import { STATUSES, type Status } from '../requests/statuses';

/**
 * What every inbox route accepts, as TypeBox schemas: Fastify checks params, query and body against them
 * before the handler runs (Ajv), and the handler receives them typed (the TypeBox type provider, set on
 * the inbox's instance in server.ts). A request that does not fit is refused in French by the inbox's
 * error handler, except where a route answers with its own message on the page (`attachValidation`).
 *
 * Form fields are strings, each optional: an empty or missing field gets the page's own French message,
 * and a value too long is given back to be shortened, so those checks stay in the route. The anti-forgery
 * token (`_csrf`) is checked by the guard before validation (server.ts) and is not listed here.
 */

/** One of the statuses, as its key (the status select's values). */
export const StatusSchema = Type.Union(
  (Object.keys(STATUSES) as Status[]).map((status) => Type.Literal(status)) as TLiteral<Status>[],
);

/** A route naming a request: its reference (a value of another shape is a 404, like an unknown one). */
export const ReferenceParams = Type.Object({ reference: Type.String({ pattern: REFERENCE_PATTERN.source }) });

/** A route naming a termination request: its reference (R-…; another shape is a 404). */
export const TerminationParams = Type.Object({
  reference: Type.String({ pattern: TERMINATION_REFERENCE_PATTERN.source }),
});

/** A route of an enrolment link: its secret (any text: one that is no link's gets the « expired » page). */
export const SecretParams = Type.Object({ secret: Type.String() });

/** The message shown after a redirect (?fait=…): any word; one the inbox does not know is ignored. */
export const NoticeQuery = Type.Object({ fait: Type.Optional(Type.String({ maxLength: 50 })) });

/** The list's filters and page; a filter value the form does not offer is ignored (store/inbox-list.ts). */
export const ListQuery = Type.Object({
  statut: Type.Optional(Type.String({ maxLength: 50 })),
  prestation: Type.Optional(Type.String({ maxLength: 200 })),
  lieu: Type.Optional(Type.String({ maxLength: 200 })),
  q: Type.Optional(Type.String({ maxLength: 1000 })),
  page: Type.Optional(Type.String({ maxLength: 10 })),
  fait: NoticeQuery.properties.fait,
});
export type ListQuery = Static<typeof ListQuery>;

/** The sign-in page: `?deconnecte` after a sign-out. */
export const SignInQuery = Type.Object({ deconnecte: Type.Optional(Type.String({ maxLength: 10 })) });

/** « Statut »: a status of the list (or the page says to choose one), and a reason for some. */
export const StatusBody = Type.Object({ statut: StatusSchema, motif: Type.Optional(Type.String()) });

export const NoteBody = Type.Object({ note: Type.Optional(Type.String()) });

/** « Attribuer »: a member's id, or empty for nobody. */
export const AssignBody = Type.Object({ membre: Type.Optional(Type.String({ maxLength: 20 })) });

export const EraseBody = Type.Object({ confirmation: Type.Optional(Type.String({ maxLength: 100 })) });

/** « Refuser » an avis: one of the rules' reasons (another value: the page says to choose one). */
export const ReviewRefuseBody = Type.Object({ motif: Type.Optional(Type.String({ maxLength: 50 })) });

/** « Retirer l'avis »: the box saying the client asked for it. */
export const ReviewRemoveBody = Type.Object({ demande: Type.Optional(Type.String({ maxLength: 10 })) });

/** The company's public answer under an avis (empty: removed). */
export const ReviewAnswerBody = Type.Object({ reponse: Type.Optional(Type.String({ maxLength: 20_000 })) });

/** A form whose only field is the anti-forgery token (sign-out, « Ce n'est pas un spam »). */
export const EmptyBody = Type.Object({});

/** « Retirer » on « Mes appareils »: the passkey's id, and for the last one the member's « I know ». */
export const RemoveDeviceBody = Type.Object({
  cle: Type.String({ maxLength: 1024 }),
  derniere: Type.Optional(Type.String({ maxLength: 10 })),
});

/** The body of a WebAuthn options request: the script posts `{}`. */
export const OptionsBody = Type.Object({});

const base64url = Type.String({ pattern: '^[A-Za-z0-9_-]*$', maxLength: 16_384 });

const Transport = Type.Union(
  (['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const).map((name) => Type.Literal(name)),
);

const credentialFields = {
  id: base64url,
  rawId: base64url,
  type: Type.Literal('public-key'),
  authenticatorAttachment: Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')])),
  clientExtensionResults: Type.Object({}),
};

/** A browser's answer to a sign-in (navigator.credentials.get, as SimpleWebAuthnBrowser sends it). */
export const AuthenticationBody = Type.Object({
  ...credentialFields,
  response: Type.Object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: Type.Optional(base64url),
  }),
});

/** A browser's answer to a passkey's creation (navigator.credentials.create). */
export const RegistrationBody = Type.Object({
  ...credentialFields,
  response: Type.Object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: Type.Optional(base64url),
    transports: Type.Optional(Type.Array(Transport, { maxItems: 10 })),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(base64url),
  }),
});

/** A route naming a devis: its id (another shape is a 404). */
export const DevisParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) });

/** A sent version of a devis: its id and version number. */
export const DevisVersionParams = Type.Object({
  id: DevisParams.properties.id,
  version: Type.String({ pattern: '^[1-9][0-9]{0,3}$' }),
});

const formText = Type.Optional(Type.String({ maxLength: 20_000 }));

/**
 * The devis editor's form (inbox/devis-form.ts): every field a string, long enough for anything a person
 * types (the rules' limits are checked by the route, which gives the text back to be shortened); each line's
 * fields are `lines.N.designation` … `lines.N.kind`. `action` names the button pressed: save, preview,
 * add-line, add-price (with `tarif`, a price-list id) or remove:N.
 */
export const DevisBody = Type.Object(
  {
    action: Type.Optional(Type.String({ maxLength: 20 })),
    tarif: Type.Optional(Type.String({ maxLength: 100 })),
    name: formText,
    email: formText,
    phone: formText,
    jobAddress: formText,
    clientKind: formText,
    siren: formText,
    employees: formText,
    outsideActivity: formText,
    subject: formText,
    description: formText,
    way: formText,
    urgent: formText,
    decennial: formText,
    validityDays: formText,
    start: formText,
    duration: formText,
    paymentTerms: formText,
    deposit: formText,
  },
  {
    patternProperties: {
      '^lines\\.\\d{1,2}\\.(designation|quantity|unit|price|vat|kind|source)$': Type.String({ maxLength: 20_000 }),
    },
  },
);
