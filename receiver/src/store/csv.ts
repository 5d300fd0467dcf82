import type { Mails, StoredRequest } from './db';
import { SITE_TIME_ZONE } from '../facts';
import { locationLabel, MAIL_STATUS, serviceLabel } from '../requests/labels';

/**
 * The CSV export, made for Excel as French owners use it: UTF-8 with a byte order mark (without it Excel
 * reads accents as Windows-1252), ";" between fields (the list separator of French Excel, where "," is
 * the decimal comma), CRLF line ends, every field quoted.
 */

export type ExportRow = StoredRequest & { mails: Mails };

const HEADERS = [
  'Référence',
  'Reçue le (heure de Paris)',
  'Prénom',
  'Nom',
  'E-mail',
  'Téléphone',
  'Prestation',
  'Lieu d’intervention',
  'Description',
  'Pièce jointe',
  'Fichier enregistré',
  'E-mail à l’entreprise',
  'E-mail au visiteur',
  'Spam',
];

/** "2026-11-23 14:05": a date Excel recognises. */
export function csvDate(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: SITE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/**
 * A quoted field. A value starting with = + - @ (or a tab / CR) would run as a formula in Excel: it gets a
 * leading apostrophe, which Excel shows as text (OWASP's advice against CSV injection).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(rows: ExportRow[]): string {
  const lines = [HEADERS.map(csvField).join(';')];
  for (const row of rows) {
    const values = [
      row.reference,
      csvDate(row.createdAt),
      row.firstName,
      row.lastName,
      row.email,
      row.phone,
      serviceLabel(row.serviceType),
      locationLabel(row.location),
      row.description.replace(/\r?\n/g, '\r\n'),
      row.file?.name ?? '',
      row.file?.path ?? '',
      row.mails.company ? (MAIL_STATUS[row.mails.company] ?? row.mails.company) : '',
      row.mails.visitor ? (MAIL_STATUS[row.mails.visitor] ?? row.mails.visitor) : '',
      row.spam ? 'oui' : 'non',
    ];
    lines.push(values.map(csvField).join(';'));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
