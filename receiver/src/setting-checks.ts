import { isEmailAddress } from './email';
import { INBOX_PATH } from './inbox-address';

/**
 * The checks of the settings' values that their schema's keywords cannot say (config.ts registers each as a
 * format): each returns the French sentence of a wrong value, naming the variable, or undefined.
 */

export function smtpUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'SMTP_URL doit être une adresse de la forme smtp://utilisateur:motdepasse@serveur:587.';
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    return `SMTP_URL doit commencer par smtp:// ou smtps:// (reçu « ${url.protocol}// »).`;
  }
  // nodemailer would read options from the query, ?ignoreTLS=true or ?tls.rejectUnauthorized=false among
  // them: the receiver sets TLS itself (delivery/mailer.ts), so the address carries none.
  if (url.search || url.hash) {
    return `SMTP_URL ne doit porter aucun paramètre après l’adresse du serveur (reçu « ${url.search}${url.hash} ») : le récepteur exige lui-même le chiffrement TLS et vérifie le certificat du relais, ce qu’aucun paramètre ne peut désactiver.`;
  }
  return undefined;
}

export function origins(value: string): string[] {
  return value
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

export function originsProblem(value: string): string | undefined {
  const list = origins(value);
  if (list.length === 0) return 'QUOTE_ALLOWED_ORIGINS ne contient aucune origine.';
  for (const origin of list) {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return `QUOTE_ALLOWED_ORIGINS : « ${origin} » n’est pas une origine (par exemple https://www.exemple.fr).`;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      return `QUOTE_ALLOWED_ORIGINS : « ${origin} » doit commencer par https:// ou http://.`;
    }
  }
  return undefined;
}

export function list(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The inbox's address: the passkeys' origin, so https (browsers allow http on localhost only), at INBOX_PATH. */
export function inboxUrlProblem(value: string): string | undefined {
  let inbox: URL;
  try {
    inbox = new URL(value);
  } catch {
    return `QUOTE_INBOX_URL : « ${value} » n’est pas une adresse (par exemple https://www.exemple.fr${INBOX_PATH}).`;
  }
  if ((inbox.protocol !== 'https:' && inbox.protocol !== 'http:') || inbox.pathname !== INBOX_PATH) {
    return `QUOTE_INBOX_URL doit commencer par https:// ou http:// et finir par ${INBOX_PATH} (reçu « ${value} »).`;
  }
  if (inbox.protocol === 'http:' && inbox.hostname !== 'localhost') {
    return `QUOTE_INBOX_URL doit être en https:// (les clés d’accès n’acceptent http:// que pour localhost ; reçu « ${value} »).`;
  }
  return undefined;
}

/** The words that turn the morning digest off. */
export const DIGEST_OFF = ['off', 'non', 'false', 'no', '0', 'none'];

export function digestTimeProblem(value: string): string | undefined {
  if (DIGEST_OFF.includes(value.toLowerCase()) || /^([01]\d|2[0-3]):([0-5]\d)$/.test(value)) return undefined;
  return `QUOTE_DIGEST_TIME doit être une heure de la forme 08:30, ou off pour ne pas envoyer de récapitulatif (reçu « ${value} »).`;
}

export function emailsProblem(value: string): string | undefined {
  const addresses = list(value);
  if (addresses.length === 0) return 'QUOTE_DIGEST_TO ne contient aucune adresse.';
  const wrong = addresses.find((address) => !isEmailAddress(address));
  if (wrong === undefined) return undefined;
  return `QUOTE_DIGEST_TO doit être une ou plusieurs adresses e-mail séparées par des virgules (reçu « ${wrong} »).`;
}
