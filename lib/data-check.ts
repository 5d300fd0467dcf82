import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value';
import { passesLuhn } from './identifiers';
import { forbiddenCharacter } from './text-characters';
import { typeset } from './typography';

/**
 * The one check of the owner's data (content/data/): the build (scripts/check-data.ts), the inbox's forms
 * and the publication read a value against its schema here, and get French messages, one per field, each
 * at the field's JSON pointer ('/phone', '/openingHours/2/opens'). A schema's `errorMessage` says what a
 * `pattern` or a `format` expects; the limits (`minLength`, `maxLength`, `minimum`…) write their own.
 */
export type DataProblem = { path: string; message: string };

/** A real day of the calendar, ISO « 2026-08-10 »: no 30 February. */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The formats the schemas of content/data/schemas.ts use (DATA_FORMATS). */
FormatRegistry.Set('calendar-day', isCalendarDay);
FormatRegistry.Set('siren', (value) => /^\d{3} ?\d{3} ?\d{3}$/.test(value) && passesLuhn(value));

/** « 1 900 » would read as a figure, not a year: thousands are grouped from five digits on. */
const number = (value: unknown) =>
  new Intl.NumberFormat('fr-FR', { useGrouping: 'min2', maximumFractionDigits: 2 }).format(Number(value));

const limit = (schema: TSchema, key: string) => schema[key] as number;

const REQUIRED = 'Ce champ est obligatoire';

/** The French message of one fault. */
function messageOf(error: ValueError): string {
  const { schema } = error;
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return REQUIRED;
    case ValueErrorType.StringMinLength:
      return limit(schema, 'minLength') === 1 ? REQUIRED : `${limit(schema, 'minLength')} caractères au moins`;
    case ValueErrorType.StringMaxLength:
      return `${limit(schema, 'maxLength')} caractères au plus`;
    case ValueErrorType.StringPattern:
    case ValueErrorType.StringFormat:
    case ValueErrorType.StringFormatUnknown:
      return typeof schema.errorMessage === 'string' ? schema.errorMessage : 'Valeur non valide';
    case ValueErrorType.String:
      return 'Saisissez un texte';
    case ValueErrorType.Number:
      return 'Saisissez un nombre';
    case ValueErrorType.Integer:
      return 'Saisissez un nombre entier';
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.IntegerMinimum:
      return `${number(limit(schema, 'minimum'))} au moins`;
    case ValueErrorType.NumberMaximum:
    case ValueErrorType.IntegerMaximum:
      return `${number(limit(schema, 'maximum'))} au plus`;
    case ValueErrorType.Boolean:
      return 'Répondez par oui ou non';
    case ValueErrorType.ArrayMinItems:
      return limit(schema, 'minItems') === 1
        ? 'Ajoutez au moins un élément'
        : `${limit(schema, 'minItems')} éléments au moins`;
    case ValueErrorType.ArrayMaxItems:
      return `${limit(schema, 'maxItems')} éléments au plus`;
    case ValueErrorType.Array:
      return 'Une liste est attendue';
    case ValueErrorType.Union:
    case ValueErrorType.Literal:
      return 'Choisissez une des valeurs proposées';
    case ValueErrorType.ObjectAdditionalProperties:
      return 'Ce champ n’est pas prévu';
    case ValueErrorType.Object:
      return 'Un groupe de champs est attendu';
    default:
      return 'Valeur non valide';
  }
}

/**
 * The faults of `value` against `schema`: the first one of each field, in the schema's order, each with
 * its JSON pointer and its message in French; [] when the value is valid.
 */
export function checkData(schema: TSchema, value: unknown): DataProblem[] {
  const problems = new Map<string, string>();
  for (const error of Value.Errors(schema, value)) {
    if (!problems.has(error.path)) problems.set(error.path, typeset(messageOf(error)));
  }
  // The characters of every text (lib/text-characters.ts), once its field is otherwise valid.
  for (const fault of characterFaults(schema, value, '')) {
    if (!problems.has(fault.path)) problems.set(fault.path, typeset(fault.message));
  }
  // An order between two fields is checked only once each is valid.
  for (const fault of orderFaults(schema, value, '')) {
    if (!problems.has(fault.path) && !problems.has(fault.firstPath)) problems.set(fault.path, typeset(fault.message));
  }
  return [...problems].map(([path, message]) => ({ path, message }));
}

/**
 * Two fields of a group that must come in order (a closure's first and last day, a day's opening and closing
 * times): the group's schema names them in `ordered`, compared as strings (ISO days and « 09:00 » times sort
 * so), the second refused with `errorMessage` when it comes before the first (or on it, when `strict`).
 */
export type DataOrder = { first: string; second: string; strict?: boolean; errorMessage: string };

function* orderFaults(schema: TSchema, value: unknown, path: string): Generator<DataProblem & { firstPath: string }> {
  if (schema.type === 'array' && Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* orderFaults(schema.items as TSchema, item, `${path}/${index}`);
  }
  if (schema.type !== 'object' || !value || typeof value !== 'object' || Array.isArray(value)) return;
  const record = value as Record<string, unknown>;
  const order = schema.ordered as DataOrder | undefined;
  if (order) {
    const [first, second] = [record[order.first], record[order.second]];
    if (typeof first === 'string' && typeof second === 'string' && (order.strict ? second <= first : second < first)) {
      yield { path: `${path}/${order.second}`, firstPath: `${path}/${order.first}`, message: order.errorMessage };
    }
  }
  for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, TSchema>)) {
    yield* orderFaults(property, record[key], `${path}/${key}`);
  }
}

/** What a text of the site's data may not hold: the receiver's rule for the texts its forms take. */
export const CHARACTER_MESSAGES = {
  control: 'Ce texte contient un caractère invisible ou de contrôle (souvent venu d’un copier-coller) : retapez-le.',
  'line-break': 'Écrivez ce texte sur une seule ligne.',
} as const;

/**
 * The texts that hold a character the rule refuses (lib/text-characters.ts): a control or invisible
 * character anywhere (a direction control would show « 12 » for « 21 » on the site), a line break outside a
 * text area.
 */
function* characterFaults(schema: TSchema, value: unknown, path: string): Generator<DataProblem> {
  if (typeof value === 'string') {
    const fault = forbiddenCharacter(value, schema.input === 'textarea' ? 'several' : 'one');
    if (fault) yield { path, message: CHARACTER_MESSAGES[fault] };
    return;
  }
  if (schema.type === 'array' && Array.isArray(value)) {
    for (const [index, item] of value.entries())
      yield* characterFaults(schema.items as TSchema, item, `${path}/${index}`);
    return;
  }
  if (schema.type !== 'object' || !value || typeof value !== 'object' || Array.isArray(value)) return;
  const record = value as Record<string, unknown>;
  for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, TSchema>)) {
    yield* characterFaults(property, record[key], `${path}/${key}`);
  }
}

/** The one format of a data file: two spaces of indent and a final line break. The inbox writes it so. */
export function serializeData(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * The French label of the field at `path` (a JSON pointer): its schema's `title`, or its parent's for an
 * item of a list without one; the pointer itself when no schema names it.
 */
export function fieldTitle(schema: TSchema, path: string): string {
  let current: TSchema | undefined = schema;
  let title = typeof schema.title === 'string' ? schema.title : path;
  for (const segment of path.split('/').slice(1)) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    current = current?.type === 'array' ? current.items : current?.properties?.[key];
    if (!current) return path;
    if (typeof current.title === 'string') title = current.title;
  }
  return title;
}
