import { choicesOf, isRecord, pointerOf, textOf, type DataSchema } from './site-form';

/**
 * What changed between two versions of a page of « Le site », field by field, each named by its labels
 * (« Coordonnées › Téléphone »): what the index shows as waiting to be published, what a publication's commit
 * and the audit trail say, and what a manager who saved too late is shown of their typing.
 */

/** One field whose value a change of the page makes different: what the audit and the publication say. */
export type FieldChange = { field: string; from: string; to: string };

/** Each field, by name, with its label path and its value as text: what two versions of a page compare. */
function leaves(schema: DataSchema, value: unknown, name: string, label: string, into: Map<string, [string, string]>) {
  const choices = choicesOf(schema);
  if (!choices && schema.type === 'object') {
    const record = isRecord(value) ? value : {};
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      const title = property.title ?? key;
      leaves(property, record[key], pointerOf(name, key), label ? `${label} › ${title}` : title, into);
    }
    return;
  }
  if (schema.type === 'array' && schema.items?.type === 'object') {
    const items = Array.isArray(value) ? value : [];
    const itemLabel = schema.items.title ?? label;
    items.forEach((item, index) =>
      leaves(schema.items as DataSchema, item, pointerOf(name, index), `${label} › ${itemLabel} n° ${index + 1}`, into),
    );
    return;
  }
  const text = Array.isArray(value)
    ? value.map(textOf).join(', ')
    : typeof value === 'boolean'
      ? value
        ? 'oui'
        : 'non'
      : textOf(value);
  into.set(name, [label, text]);
}

/** The fields that differ between two versions of a page, in the form's order (a row added or removed counts). */
export function changesBetween(schema: DataSchema, before: unknown, after: unknown): FieldChange[] {
  const from = new Map<string, [string, string]>();
  const to = new Map<string, [string, string]>();
  leaves(schema, before, '', '', from);
  leaves(schema, after, '', '', to);
  const names = [...new Set([...from.keys(), ...to.keys()])];
  return names.flatMap((name) => {
    const a = from.get(name);
    const b = to.get(name);
    if (a?.[1] === b?.[1]) return [];
    return [{ field: (b ?? a)![0], from: a?.[1] ?? '', to: b?.[1] ?? '' }];
  });
}
