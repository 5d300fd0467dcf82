import type { DataInput } from '../facts';

/**
 * The forms of « Le site », drawn from the data's own schemas (content/data/schemas.ts, TypeBox, read
 * through facts.ts): each property gives a field, labelled by its `title`, helped by its `description`, its
 * input by its type and its `input` option. A field's name is its place in the page's JSON, as a JSON pointer
 * (`/phone`, `/openingHours/2/opens`), which is also where the data's check (`checkData`) reports a problem:
 * a message lands beside its field with no table between the two. The form works without a script: a list
 * grows by a button that sends the form back with one more empty row, and a row goes by its own button.
 *
 * Nothing here knows a page: the same code reads, shows and compares every page of « Le site ».
 */

/** The JSON Schema keywords this module reads (TypeBox schemas are plain JSON Schema objects). */
export type DataSchema = {
  type?: string;
  title?: string;
  description?: string;
  properties?: Record<string, DataSchema>;
  required?: string[];
  items?: DataSchema;
  anyOf?: DataSchema[];
  const?: unknown;
  input?: string;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  /** Shown, not changed here (e.g. the day of an opening-hours row): the form keeps the saved value. */
  readOnly?: boolean;
  default?: unknown;
};

/** A field's HTML input: the schema's `input` (content/data/schemas.ts), plain text by default. */
export type FieldInput = DataInput | 'text';

/** One part of a page's form: a field, a group of fields, or a list of groups (hours, closures…). */
export type FormNode =
  | {
      kind: 'field';
      name: string;
      label: string;
      hint?: string;
      input: FieldInput;
      value: string;
      required: boolean;
      maxLength?: number;
      readOnly?: boolean;
    }
  | { kind: 'check'; name: string; label: string; hint?: string; checked: boolean }
  | {
      kind: 'choice';
      name: string;
      label: string;
      hint?: string;
      value: string;
      choices: string[];
      required: boolean;
    }
  | { kind: 'lines'; name: string; label: string; hint?: string; value: string }
  | { kind: 'group'; name: string; label: string; hint?: string; children: FormNode[] }
  | {
      kind: 'list';
      name: string;
      label: string;
      hint?: string;
      itemLabel: string;
      rows: FormNode[];
      /** Whether a row may be added, or removed (a list of seven days has neither). */
      canAdd: boolean;
      canRemove: boolean;
    };

/** The form's raw values as posted, by field name, so that a refused form shows exactly what was typed. */
export type RawForm = Record<string, string | undefined>;

/** The name of a list's « add a row » button, and of a row's « remove » button. */
export const ADD_ROW = '_ajouter';
export const REMOVE_ROW = '_retirer';
/** A hidden field in each row of a list, so that the row is read back even when none of its fields is sent. */
export const ROW_MARK = '_ligne';

export function pointerOf(parent: string, key: string | number): string {
  return `${parent}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

export function choicesOf(schema: DataSchema): string[] | undefined {
  if (!schema.anyOf || !schema.anyOf.every((member) => typeof member.const === 'string')) return undefined;
  return schema.anyOf.map((member) => member.const as string);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  return String(value);
}

function inputOf(schema: DataSchema): FieldInput {
  const declared = schema.input as FieldInput | undefined;
  if (declared) return declared;
  return schema.type === 'number' || schema.type === 'integer' ? 'number' : 'text';
}

/**
 * The form of `schema` showing `value`; `raw`, when given (a refused form), shows what was typed instead of
 * the value for every field it holds.
 */
export function formOf(schema: DataSchema, value: unknown, raw?: RawForm): FormNode[] {
  return childrenOf(schema, value, '', raw);
}

function childrenOf(schema: DataSchema, value: unknown, pointer: string, raw: RawForm | undefined): FormNode[] {
  const record = isRecord(value) ? value : {};
  return Object.entries(schema.properties ?? {}).map(([key, property]) =>
    nodeOf(property, record[key], pointerOf(pointer, key), (schema.required ?? []).includes(key), raw),
  );
}

function nodeOf(
  schema: DataSchema,
  value: unknown,
  name: string,
  required: boolean,
  raw: RawForm | undefined,
): FormNode {
  const label = schema.title ?? name;
  const hint = schema.description;
  const typed = raw?.[name];
  const choices = choicesOf(schema);
  if (choices && !schema.readOnly) {
    return { kind: 'choice', name, label, hint, value: typed ?? textOf(value), choices, required };
  }
  if (schema.type === 'object') {
    return { kind: 'group', name, label, hint, children: childrenOf(schema, value, name, raw) };
  }
  if (schema.type === 'array' && schema.items) {
    const items = Array.isArray(value) ? value : [];
    if (schema.items.type === 'object') {
      const itemSchema = schema.items;
      const itemLabel = itemSchema.title ?? label;
      return {
        kind: 'list',
        name,
        label,
        hint,
        itemLabel,
        canAdd: items.length < (schema.maxItems ?? Infinity),
        canRemove: items.length > (schema.minItems ?? 0),
        rows: items.map((item, index) => ({
          kind: 'group' as const,
          name: pointerOf(name, index),
          label: `${itemLabel} n° ${index + 1}`,
          children: childrenOf(itemSchema, item, pointerOf(name, index), raw),
        })),
      };
    }
    return { kind: 'lines', name, label, hint, value: typed ?? items.map(textOf).join('\n') };
  }
  if (schema.type === 'boolean') {
    return { kind: 'check', name, label, hint, checked: raw ? typed === 'on' : value === true };
  }
  return {
    kind: 'field',
    name,
    label,
    hint,
    input: inputOf(schema),
    value: typed ?? textOf(value),
    required,
    maxLength: schema.maxLength,
    readOnly: schema.readOnly,
  };
}

/** A number as typed in French (« 12,50 », « 1 200 »), or the text itself when it is no number (the check says so). */
function numberOf(text: string): number | string {
  const plain = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return /^-?\d+(?:\.\d+)?$/.test(plain) ? Number(plain) : text;
}

function typedText(text: string | undefined): string {
  return (text ?? '').replace(/\r\n?/g, '\n').trim();
}

/** The indexes of a list's rows present in the form, in order, but the one whose « remove » was pressed. */
function rowsIn(form: RawForm, name: string): number[] {
  const rows = new Set<number>();
  const prefix = `${name}/`;
  for (const key of Object.keys(form)) {
    if (!key.startsWith(prefix)) continue;
    const index = /^(\d+)(?:\/|$)/.exec(key.slice(prefix.length));
    if (index) rows.add(Number(index[1]));
  }
  const removed = form[REMOVE_ROW];
  return [...rows].sort((a, b) => a - b).filter((index) => removed !== pointerOf(name, index));
}

/**
 * The page's JSON read from a posted form, following the schema: numbers from French decimals, a list of
 * lines from its text, rows in their order. An optional field left empty is left out; a required one is kept
 * empty, for the check to name it. Returns the raw values too, renumbered like the rows, so that a refused
 * form is shown again as typed.
 */
export function readForm(schema: DataSchema, form: RawForm, base: unknown): { value: unknown; raw: RawForm } {
  const raw: RawForm = {};
  const value = readChildren(schema, form, '', '', raw);
  keepReadOnly(schema, value, base);
  return { value, raw };
}

/** The fields shown read-only take their saved value back, whatever the form sent. */
function keepReadOnly(schema: DataSchema, value: unknown, base: unknown): void {
  if (!isRecord(value)) return;
  const saved = isRecord(base) ? base : {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (property.readOnly) {
      if (saved[key] === undefined) delete value[key];
      else value[key] = saved[key];
    } else if (property.type === 'object') keepReadOnly(property, value[key], saved[key]);
    else if (property.type === 'array' && property.items?.type === 'object' && Array.isArray(value[key])) {
      const rows = value[key] as unknown[];
      const savedRows = Array.isArray(saved[key]) ? (saved[key] as unknown[]) : [];
      rows.forEach((row, index) => keepReadOnly(property.items as DataSchema, row, savedRows[index]));
    }
  }
}

function readChildren(
  schema: DataSchema,
  form: RawForm,
  from: string,
  to: string,
  raw: RawForm,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const read = readNode(property, form, pointerOf(from, key), pointerOf(to, key), raw);
    const required = (schema.required ?? []).includes(key);
    if (read === undefined || (!required && read === '')) continue;
    result[key] = read;
  }
  return result;
}

function readNode(schema: DataSchema, form: RawForm, from: string, to: string, raw: RawForm): unknown {
  if (!choicesOf(schema) && schema.type === 'object') return readChildren(schema, form, from, to, raw);
  if (schema.type === 'array' && schema.items) {
    const itemSchema = schema.items;
    if (itemSchema.type === 'object') {
      const rows = rowsIn(form, from).map((index, position) =>
        readChildren(itemSchema, form, pointerOf(from, index), pointerOf(to, position), raw),
      );
      if (form[ADD_ROW] === from) rows.push(emptyOf(itemSchema) as Record<string, unknown>);
      return rows;
    }
    const text = typedText(form[from]);
    raw[to] = form[from] ?? '';
    const lines = text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    return itemSchema.type === 'number' || itemSchema.type === 'integer' ? lines.map(numberOf) : lines;
  }
  if (schema.type === 'boolean') {
    raw[to] = form[from] === 'on' ? 'on' : '';
    return form[from] === 'on';
  }
  const text = typedText(form[from]);
  raw[to] = form[from] ?? '';
  if (schema.type === 'number' || schema.type === 'integer') return text === '' ? undefined : numberOf(text);
  return text;
}

/** An empty value of a schema: a new row's fields, blank. */
export function emptyOf(schema: DataSchema): unknown {
  if (schema.default !== undefined) return structuredClone(schema.default);
  if (schema.type === 'object') {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([key]) => (schema.required ?? []).includes(key))
        .map(([key, property]) => [key, emptyOf(property)]),
    );
  }
  if (schema.type === 'array') return [];
  if (schema.type === 'boolean') return false;
  if (schema.type === 'number' || schema.type === 'integer') return undefined;
  const choices = choicesOf(schema);
  return choices ? choices[0] : '';
}

/**
 * The field a problem of the data's check belongs to: its own name when the form shows that field, else the
 * nearest enclosing one (a line of a list of lines, a missing row's field), else the form itself ('').
 */
export function fieldOfProblem(nodes: FormNode[], path: string): string {
  const names = new Set<string>();
  const collect = (list: FormNode[]) => {
    for (const node of list) {
      names.add(node.name);
      if (node.kind === 'group') collect(node.children);
      if (node.kind === 'list') collect(node.rows);
    }
  };
  collect(nodes);
  let name = path;
  while (name && !names.has(name)) name = name.slice(0, name.lastIndexOf('/'));
  return name;
}
