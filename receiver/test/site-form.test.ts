import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkData, siteData, siteDataPages, typeset } from '../src/facts';
import { changesBetween } from '../src/inbox/site-changes';
import {
  ADD_ROW,
  fieldOfProblem,
  formOf,
  readForm,
  REMOVE_ROW,
  ROW_MARK,
  type DataSchema,
  type FormNode,
  type RawForm,
} from '../src/inbox/site-form';

/**
 * The forms of « Le site », drawn from the data's schemas (receiver/src/inbox/site-form.ts), against the
 * committed data of every page: what a browser posts back from a form unchanged is the same data, a field
 * changed is read back and named by its label, and the check's problems land beside their fields.
 */

/** What a browser posts from the form as shown: every field's value, ticked boxes, each row's mark. */
function posted(nodes: FormNode[], into: RawForm = {}): RawForm {
  for (const node of nodes) {
    switch (node.kind) {
      case 'field':
        if (!node.readOnly) into[node.name] = node.value;
        break;
      case 'choice':
      case 'lines':
        into[node.name] = node.value;
        break;
      case 'check':
        if (node.checked) into[node.name] = 'on';
        break;
      case 'group':
        posted(node.children, into);
        break;
      case 'list':
        for (const row of node.rows) {
          into[`${row.name}/${ROW_MARK}`] = '';
          posted([row], into);
        }
        break;
    }
  }
  return into;
}

function find(nodes: FormNode[], name: string): FormNode | undefined {
  for (const node of nodes) {
    if (node.name === name) return node;
    const inner = node.kind === 'group' ? node.children : node.kind === 'list' ? node.rows : [];
    const found = find(inner, name);
    if (found) return found;
  }
  return undefined;
}

const schemaOf = (page: (typeof siteDataPages)[number]) => page.schema as unknown as DataSchema;

describe('every page of « Le site »', () => {
  for (const page of siteDataPages) {
    test(`${page.title}: the form as shown, posted back, is the committed data`, () => {
      const value = siteData[page.id];
      const nodes = formOf(schemaOf(page), value);
      const { value: read } = readForm(schemaOf(page), posted(nodes), value);
      assert.deepEqual(read, value);
      assert.deepEqual(checkData(page.schema, read), []);
      assert.deepEqual(changesBetween(schemaOf(page), value, read), []);
    });
  }
});

describe('Coordonnées', () => {
  const page = siteDataPages.find((candidate) => candidate.id === 'coordonnees')!;
  const schema = schemaOf(page);
  const value = siteData.coordonnees;
  const phoneTitle = schema.properties!.phone!.title!;

  test('the phone is a field named by its place in the JSON and labelled by its schema', () => {
    const node = find(formOf(schema, value), '/phone');
    assert.ok(node && node.kind === 'field', 'no field /phone');
    assert.equal(node.label, phoneTitle);
    assert.equal(node.value, value.phone);
    assert.equal(node.input, 'tel');
  });

  test('a changed phone is read back and named in the changes, from the old value to the new', () => {
    const form = posted(formOf(schema, value));
    form['/phone'] = '04 93 00 11 22';
    const { value: read } = readForm(schema, form, value);
    assert.equal((read as typeof value).phone, '04 93 00 11 22');
    assert.deepEqual(changesBetween(schema, value, read), [
      { field: phoneTitle, from: value.phone, to: '04 93 00 11 22' },
    ]);
  });

  test('a wrong phone gets the schema’s French message beside the phone field, and the value typed stays', () => {
    const form = posted(formOf(schema, value));
    form['/phone'] = '12 34';
    const { value: read, raw } = readForm(schema, form, value);
    const problems = checkData(page.schema, read);
    const nodes = formOf(schema, read, raw);
    assert.deepEqual(
      problems.map((problem) => [fieldOfProblem(nodes, problem.path), problem.message]),
      [['/phone', typeset((schema.properties!.phone as { errorMessage: string }).errorMessage)]],
    );
    const shown = find(nodes, '/phone');
    assert.ok(shown?.kind === 'field' && shown.value === '12 34');
  });

  test('a closure is added by « Ajouter », then removed by « Retirer », nothing else changing', () => {
    const closures = schema.properties!.closures!;
    const form = posted(formOf(schema, value));
    const added = readForm(schema, { ...form, [ADD_ROW]: '/closures' }, value).value as typeof value;
    assert.equal(added.closures.length, value.closures.length + 1);
    const nodes = formOf(schema, added);
    const list = find(nodes, '/closures');
    assert.ok(list?.kind === 'list' && list.rows.length === added.closures.length);
    assert.equal(list.itemLabel, closures.items!.title ?? closures.title);
    const filled = posted(nodes);
    const row = `/closures/${value.closures.length}`;
    filled[`${row}/from`] = '2027-08-02';
    filled[`${row}/to`] = '2027-08-20';
    filled[`${row}/message`] = 'Congés annuels';
    const withClosure = readForm(schema, filled, value).value as typeof value;
    assert.deepEqual(checkData(page.schema, withClosure), []);
    assert.deepEqual(withClosure.closures.at(-1), { from: '2027-08-02', to: '2027-08-20', message: 'Congés annuels' });
    const removed = readForm(schema, { ...posted(formOf(schema, withClosure)), [REMOVE_ROW]: row }, withClosure);
    assert.deepEqual(removed.value, value);
  });

  test('a day of the opening hours is shown, not changed: whatever is posted, the saved day stays', () => {
    const form = posted(formOf(schema, value));
    form['/openingHours/0/day'] = 'dimanche';
    const { value: read } = readForm(schema, form, value);
    assert.equal((read as typeof value).openingHours[0]!.day, value.openingHours[0]!.day);
    const list = find(formOf(schema, value), '/openingHours');
    assert.ok(list?.kind === 'list');
    assert.equal(list.canAdd, false, 'seven days: no row to add');
    assert.equal(list.canRemove, false, 'seven days: no row to remove');
  });
});

describe('Services et prix', () => {
  const page = siteDataPages.find((candidate) => candidate.id === 'services')!;
  const schema = schemaOf(page);
  const value = siteData.services;

  test('a price typed the French way (« 62,50 ») is read as a number', () => {
    const form = posted(formOf(schema, value));
    form['/hourlyEuros'] = '62,50';
    const { value: read } = readForm(schema, form, value);
    assert.equal((read as typeof value).hourlyEuros, 62.5);
    assert.deepEqual(checkData(page.schema, read), []);
  });

  test('a price that is no number is refused beside its field, as typed', () => {
    const form = posted(formOf(schema, value));
    form['/hourlyEuros'] = 'cinquante';
    const { value: read, raw } = readForm(schema, form, value);
    const problems = checkData(page.schema, read);
    assert.equal(problems.length, 1);
    assert.equal(fieldOfProblem(formOf(schema, read, raw), problems[0]!.path), '/hourlyEuros');
  });
});
