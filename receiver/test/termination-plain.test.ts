import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import {
  formatFrenchDay,
  isoDay,
  TERMINATION_RECEIVER_PATH,
  terminationEffectiveDay,
  terminationEffects,
  terminationForm,
  terminationPlainPages,
} from '../src/facts';
import { terminationMessages } from '@/content/form-messages';
import { TERMINATION_PAGE_CSP } from '../src/intake/termination-pages';
import { liveReceiver, ORIGIN, outboxSettled, type Fields } from './helpers';

/**
 * « Résilier un contrat » without JavaScript: the site's form posted as application/x-www-form-urlencoded
 * (no form id, the trap field empty) gets the summary page; its « Modifier » the form filled again; its
 * « Notifier la résiliation » stores the termination once, with its two mails through a real SMTP server,
 * and shows the acknowledgment; faults come back in French beside their fields, 400, nothing stored.
 */

const live = liveReceiver();

/** What the site's static form posts without JavaScript (no requestId: the script draws it). */
function siteFields(overrides: Fields = {}): Fields {
  return {
    lastName: 'Martin-Durand',
    firstName: 'Élodie',
    company: '',
    email: `elodie.${randomUUID().slice(0, 8)}@exemple.fr`,
    contractType: 'maintenance',
    contractReference: 'MC-2025/014, 12 bd. Wilson',
    contractStart: '2025-03-15',
    desiredDate: '',
    reason: 'Je déménage.\r\nÀ Lyon.',
    website: '',
    ...overrides,
  };
}

type Page = { status: number; html: string; headers: Record<string, unknown> };

async function post(fields: Fields | [string, string][], origin = ORIGIN): Promise<Page> {
  const response = await live.receiver.app.inject({
    method: 'POST',
    url: TERMINATION_RECEIVER_PATH,
    payload: new URLSearchParams(fields).toString(),
    headers: {
      origin,
      accept: 'text/html,application/xhtml+xml',
      'content-type': 'application/x-www-form-urlencoded',
    },
  });
  return { status: response.statusCode, html: response.body, headers: response.headers };
}

/** The hidden inputs of the page's form whose step is `step`, as the browser would post them. */
function formOf(html: string, step: string): [string, string][] {
  const forms = html.split('<form').slice(1);
  const form = forms.find((text) => text.includes(`name="etape" value="${step}"`));
  assert.ok(form, `no form for the step ${step}`);
  return [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(
    (match) => [match[1] ?? '', decode(match[2] ?? '')] as [string, string],
  );
}

function decode(text: string): string {
  return text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

async function count(email: string): Promise<number> {
  const result = await live.receiver.db.execute({
    sql: 'SELECT COUNT(*) AS n FROM terminations WHERE email = ?',
    args: [email],
  });
  return Number(result.rows[0]?.n);
}

describe('the termination form without JavaScript', () => {
  test('the summary: what was typed, « Modifier » and « Notifier la résiliation », no script, nothing stored', async () => {
    const fields = siteFields();
    const page = await post(fields);
    assert.equal(page.status, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.equal(page.headers['content-security-policy'], TERMINATION_PAGE_CSP);
    assert.match(TERMINATION_PAGE_CSP, /default-src 'none'/);
    assert.ok(!/<script/i.test(page.html));
    assert.ok(!/ style="/.test(page.html), 'no inline style attribute: the CSP allows only the stylesheet');
    assert.ok(page.html.includes(escape(terminationForm.summary.title)));
    assert.ok(page.html.includes(escape(terminationForm.summary.notify)));
    assert.ok(page.html.includes(`>${terminationForm.summary.edit}<`));
    assert.ok(page.html.includes(formatFrenchDay('2025-03-15')));
    assert.ok(page.html.includes(escape(terminationForm.summary.asap)));
    assert.ok(page.html.includes(escape(terminationEffects.maintenance[0] ?? '-')));
    const notify = new Map(formOf(page.html, 'notifier'));
    assert.equal(notify.get('lastName'), 'Martin-Durand');
    assert.equal(notify.get('reason'), 'Je déménage.\nÀ Lyon.');
    assert.match(notify.get('requestId') ?? '', /^[0-9a-f-]{36}$/);
    assert.equal(notify.has('website'), false);
    assert.equal(await count(fields.email ?? ''), 0);
  });

  test('« Modifier »: the form again, filled with everything typed', async () => {
    const summary = await post(siteFields({ company: 'Durand & Fils' }));
    const edit = formOf(summary.html, 'modifier');
    const page = await post(edit);
    assert.equal(page.status, 200);
    assert.ok(page.html.includes(escape(terminationPlainPages.editTitle)));
    assert.ok(page.html.includes('value="Durand &amp; Fils"'));
    assert.ok(page.html.includes('value="2025-03-15"'));
    assert.ok(page.html.includes('<option value="maintenance" selected="">'));
    assert.ok(page.html.includes('>Je déménage.\nÀ Lyon.</textarea>'));
    const id = new Map(edit).get('requestId') ?? '';
    assert.ok(page.html.includes(`name="requestId" value="${id}"`), 'the form id is kept');
  });

  test('« Notifier la résiliation »: stored once, its two mails sent, the acknowledgment shown', async () => {
    const fields = siteFields();
    const summary = await post(fields);
    const notify = formOf(summary.html, 'notifier');
    const page = await post(notify);
    assert.equal(page.status, 201);
    const expected = terminationEffectiveDay({
      contractType: 'maintenance',
      contractStart: '2025-03-15',
      receivedDay: isoDay(new Date()),
    });
    const reference = /R-\d{8}-[A-Z0-9]{6}/.exec(page.html)?.[0];
    assert.ok(reference, page.html);
    assert.ok(page.html.includes(escape(terminationForm.success.title)));
    assert.ok(page.html.includes(escape(terminationForm.success.withConfirmation)));
    assert.ok(
      page.html.includes(terminationPlainPages.received.replace('{date}', formatFrenchDay(isoDay(new Date())))),
    );
    assert.ok(
      page.html.includes(escape(terminationForm.success.effective.replace('{date}', formatFrenchDay(expected)))),
    );
    // Sent again (a reload, a second click): the same acknowledgment, nothing more stored or mailed.
    const again = await post(notify);
    assert.equal(again.status, 200);
    assert.ok(again.html.includes(reference));
    assert.equal(await count(fields.email ?? ''), 1);
    const row = (
      await live.receiver.db.execute({ sql: 'SELECT * FROM terminations WHERE reference = ?', args: [reference] })
    ).rows[0];
    assert.equal(row?.reason, 'Je déménage.\nÀ Lyon.');
    assert.equal(row?.effective_date, expected);
    await outboxSettled(live.receiver);
    const mails = live.smtp.withReference(reference);
    assert.equal(mails.length, 2);
    assert.ok(mails.some((mail) => JSON.stringify(mail.to).includes(fields.email ?? '-')));
    assert.ok(mails.some((mail) => JSON.stringify(mail.to).includes('devis@entreprise.test')));
  });

  test('faults: each French message beside its field, everything typed kept, 400, nothing stored', async () => {
    const fields = siteFields({ firstName: 'Élodie2', email: 'pas-une-adresse', contractType: '', lastName: '' });
    const page = await post(fields);
    assert.equal(page.status, 400);
    assert.ok(page.html.includes(escape(terminationPlainPages.errorsTitle)));
    assert.ok(page.html.includes(escape(terminationMessages.firstName)));
    assert.ok(page.html.includes(escape(terminationMessages.email)));
    assert.ok(page.html.includes(escape(terminationMessages.required('lastName'))));
    assert.ok(page.html.includes(escape(terminationMessages.required('contractType'))));
    assert.ok(page.html.includes('id="resiliation-email-erreur"'));
    assert.ok(page.html.includes('aria-describedby="resiliation-email-aide resiliation-email-erreur"'));
    assert.ok(page.html.includes('value="Élodie2"') && page.html.includes('value="pas-une-adresse"'));
    assert.ok(page.html.includes('value="MC-2025/014, 12 bd. Wilson"'));
    assert.equal(await count('pas-une-adresse'), 0);

    // A fault found only at notifying (a summary altered by hand): the same page, nothing stored.
    const summary = formOf((await post(siteFields())).html, 'notifier').map(
      ([name, value]) => [name, name === 'contractStart' ? '2999-01-01' : value] as [string, string],
    );
    const late = await post(summary);
    assert.equal(late.status, 400);
    assert.ok(late.html.includes(escape(terminationMessages.date('contractStart'))), late.html);
  });

  test('the same Origin check as the script’s post', async () => {
    const page = await post(siteFields(), 'https://ailleurs.test');
    assert.equal(page.status, 403);
  });
});
