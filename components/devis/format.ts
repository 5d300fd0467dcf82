import { NBSP } from '@/lib/characters';

const KIB = 1024;
const MIB = 1024 * 1024;

const oneDecimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/**
 * A file size as the form states its limit: "12,4 Mo", "850 ko". Rounded up, so a file just over the
 * limit never reads as exactly "10 Mo".
 */
export function formatFileSize(bytes: number): string {
  if (bytes < MIB) return `${Math.max(1, Math.ceil(bytes / KIB))}${NBSP}ko`;
  return `${oneDecimal.format(Math.ceil((bytes / MIB) * 10) / 10)}${NBSP}Mo`;
}

/** Fills "{name}" placeholders of a text from content/. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}
