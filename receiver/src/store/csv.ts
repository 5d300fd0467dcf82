import type { Mails, StoredRequest } from './request-queries';
import { formatSheetDateTime } from '../facts';
import { locationLabel, MAIL_STATUS, serviceLabel } from '../requests/labels';

/**
 * The CSV export, made for Excel as French owners use it: UTF-8 with a byte order mark (without it Excel
 * reads accents as Windows-1252), ";" between fields (the list separator of French Excel, where "," is
 * the decimal comma), CRLF line ends, every field quoted.
 */

export type ExportRow = StoredRequest & { mails: Mails };

/** The export's columns, in order: the export page lists them before the file downloads. */
export const CSV_HEADERS = [
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

/** "2026-11-23 14:05": a date Excel recognises (lib/format.ts). */
export function csvDate(iso: string): string {
  return formatSheetDateTime(new Date(iso));
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
  const lines = [CSV_HEADERS.map(csvField).join(';')];
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
