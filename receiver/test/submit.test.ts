import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { REFERENCE_PATTERN } from '../src/requests/reference';
import { doc, docx, jpeg, pdf, png } from './fixtures';
import {
  countRows,
  form,
  listDir,
  ORIGIN,
  outboxSettled,
  post,
  sha256,
  validFields,
  waitFor,
  liveReceiver,
} from './helpers';
import { formatPrice, responsePromise, site } from '../src/facts';
import { sampleLocation, sampleService } from './factories';

describe('a valid request', () => {
  const live = liveReceiver();

  test('is stored with its file byte-identical, and both mails reach the SMTP server', async () => {
    const fields = validFields();
    const file = pdf(300_000);
    const answer = await post(
      live.receiver.url,
      form(fields, [{ name: 'Plan de l’atelier (v2).pdf', data: file, type: 'application/pdf' }]),
    );
    assert.equal(answer.status, 201);
    const reference = answer.body.reference ?? '';
    assert.match(reference, REFERENCE_PATTERN);

    const row = (
      await live.receiver.db.execute({ sql: 'SELECT * FROM requests WHERE reference = ?', args: [reference] })
    ).rows[0];
    assert.ok(row);
    assert.equal(row.first_name, fields.firstName);
    assert.equal(row.email, fields.email);
    assert.equal(row.description, fields.description?.replace('\r\n', '\n'));
    assert.equal(row.file_name, 'Plan de l’atelier (v2).pdf');
    assert.equal(row.file_path, `${reference}.pdf`);
    assert.equal(row.spam, 0);
    const stored = await readFile(path.join(live.receiver.dataDir, 'files', String(row.file_path)));
    assert.equal(sha256(stored), sha256(file));
    assert.equal(row.file_sha256, sha256(file));
    assert.deepEqual(await listDir(path.join(live.receiver.dataDir, 'tmp')), []);

    const mails = await waitFor('two mails', () =>
      live.smtp.withReference(reference).length >= 2 ? live.smtp.withReference(reference) : undefined,
    );
    await outboxSettled(live.receiver);
    assert.equal(live.smtp.withReference(reference).length, 2, 'each mail once');

    const company = mails.find(
      (mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === 'devis@entreprise.test',
    );
    const visitor = mails.find((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === fields.email);
    assert.ok(company, 'company mail');
    assert.ok(visitor, 'visitor mail');

    // The company: every field, the attachment, Reply-To the visitor, the reference in the subject.
    assert.ok(company.subject?.includes(reference));
    assert.equal(company.replyTo?.value[0]?.address, fields.email);
    assert.equal(company.messageId, `<${reference}.company@entreprise.test>`);
    for (const value of [
      fields.firstName,
      fields.lastName,
      fields.email,
      fields.phone,
      sampleService.label,
      sampleLocation.label,
      'deuxième ligne "citée".',
    ]) {
      assert.ok(company.text?.includes(value ?? ''), `company text has ${value}`);
    }
    assert.ok(
      company.html && company.html.includes('&#60;b&#62;double flux&#60;/b&#62; &#38; mise en service'),
      'HTML escaped',
    );
    assert.ok(company.html && !company.html.includes('<b>double flux</b>'));
    assert.equal(company.attachments.length, 1);
    assert.equal(company.attachments[0]?.filename, 'Plan de l’atelier (v2).pdf');
    assert.equal(company.attachments[0]?.contentType, 'application/pdf');
    assert.equal(sha256(company.attachments[0]?.content ?? Buffer.alloc(0)), sha256(file));

    // The visitor: first name, service, town, reference, the promise; no description, no file, no last name.
    const text = visitor.text ?? '';
    assert.ok(text.includes(`Bonjour ${fields.firstName},`));
    assert.ok(text.includes(sampleService.label));
    assert.ok(text.includes(sampleLocation.label));
    assert.ok(text.includes(reference));
    assert.ok(text.includes(responsePromise.sentence), 'the response promise, worded as on the site');
    assert.ok(text.includes('Référence\u00a0:'), 'no-break space before the colon');
    assert.ok(!text.includes('VMC') && !(visitor.html || '').includes('VMC'), 'no description');
    assert.ok(
      !text.includes(fields.lastName ?? '') && !(visitor.html || '').includes(fields.lastName ?? ''),
      'no last name',
    );
    assert.ok(text.includes('indiquez la référence de votre demande'), text);
    // The company's mentions (Code de commerce, R. 123-237), from content/site.ts, in the text and the HTML.
    const flat = (value: string) => value.replace(/\s+/g, ' ').toLowerCase();
    const { street, postalCode, city } = site.address;
    for (const fact of [
      site.legalName,
      site.legalForm,
      formatPrice(site.capital),
      site.rcs,
      street,
      `${postalCode} ${city}`,
    ]) {
      assert.ok(flat(text).includes(flat(fact)), fact);
      assert.ok(flat(visitor.html || '').includes(flat(fact)), fact);
    }
    assert.equal(visitor.attachments.length, 0);
    assert.equal(visitor.replyTo?.value[0]?.address, 'devis@entreprise.test');
    assert.equal(visitor.headers.get('auto-submitted'), 'auto-generated');
  });

  test('every accepted file type is stored under a generated name', async () => {
    const files = [
      { name: 'devis.PDF', data: pdf(), ext: '.pdf' },
      { name: 'photo.jpg', data: jpeg(), ext: '.jpg' },
      { name: 'photo.jpeg', data: jpeg(), ext: '.jpg' },
      { name: 'schéma.png', data: png(), ext: '.png' },
      { name: 'cahier.doc', data: doc(), ext: '.doc' },
      { name: 'cahier des charges.docx', data: docx(), ext: '.docx' },
      { name: '../../etc/passwd.pdf', data: pdf(), ext: '.pdf' },
    ];
    for (const file of files) {
      const answer = await post(live.receiver.url, form(validFields(), [{ name: file.name, data: file.data }]));
      assert.equal(answer.status, 201, `${file.name}: ${answer.body.error}`);
      const row = (
        await live.receiver.db.execute({
          sql: 'SELECT file_path, file_name FROM requests WHERE reference = ?',
          args: [answer.body.reference ?? ''],
        })
      ).rows[0];
      assert.equal(row?.file_path, `${answer.body.reference}${file.ext}`);
      assert.equal(
        sha256(await readFile(path.join(live.receiver.dataDir, 'files', String(row?.file_path)))),
        sha256(file.data),
      );
    }
    const traversal = (await live.receiver.db.execute("SELECT file_name FROM requests WHERE file_name LIKE '%passwd%'"))
      .rows[0];
    assert.equal(traversal?.file_name, 'passwd.pdf', 'the name is kept without its path');
  });

  test('a request without a file is stored, and its company mail has no attachment', async () => {
    const answer = await post(live.receiver.url, form(validFields()));
    assert.equal(answer.status, 201);
    const reference = answer.body.reference ?? '';
    const mails = await waitFor('two mails', () =>
      live.smtp.withReference(reference).length >= 2 ? live.smtp.withReference(reference) : undefined,
    );
    assert.ok(mails.every((mail) => mail.attachments.length === 0));
  });

  test('the same requestId twice, then five times at once: one record, one pair of mails', async () => {
    const fields = validFields();
    const file = pdf(50_000);
    const first = await post(live.receiver.url, form(fields, [{ name: 'a.pdf', data: file }]));
    const second = await post(live.receiver.url, form(fields, [{ name: 'a.pdf', data: file }]));
    assert.equal(first.status, 201);
    assert.equal(second.status, 200);
    assert.equal(second.body.reference, first.body.reference);

    const concurrent = validFields();
    const sameFile = pdf(200_000);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(live.receiver.url, form(concurrent, [{ name: 'b.pdf', data: sameFile }]))),
    );
    const references = new Set(answers.map((answer) => answer.body.reference));
    assert.ok(
      answers.every((answer) => answer.status === 200 || answer.status === 201),
      JSON.stringify(answers.map((a) => a.status)),
    );
    assert.equal(answers.filter((answer) => answer.status === 201).length, 1);
    assert.equal(references.size, 1);

    for (const requestId of [fields.requestId, concurrent.requestId]) {
      assert.equal(await countRows(live.receiver, 'requests', `request_id = '${requestId}'`), 1);
    }
    await outboxSettled(live.receiver);
    for (const reference of [first.body.reference ?? '', [...references][0] ?? '']) {
      await waitFor('two mails', () => live.smtp.withReference(reference).length >= 2);
      assert.equal(live.smtp.withReference(reference).length, 2);
    }
    // No file left by the duplicates.
    const referenced = (
      await live.receiver.db.execute('SELECT file_path FROM requests WHERE file_path IS NOT NULL')
    ).rows.map((row) => String(row.file_path));
    assert.deepEqual(await listDir(path.join(live.receiver.dataDir, 'files')), referenced.sort());
    assert.deepEqual(await listDir(path.join(live.receiver.dataDir, 'tmp')), []);
  });

  test('the honeypot: a success-looking answer, kept apart as spam, no mail, no file', async () => {
    const before = live.smtp.messages.length;
    const answer = await post(
      live.receiver.url,
      form(validFields({ website: 'https://spam.example' }), [{ name: 'x.pdf', data: pdf() }]),
    );
    assert.equal(answer.status, 201);
    assert.match(answer.body.reference ?? '', REFERENCE_PATTERN);
    const row = (
      await live.receiver.db.execute({
        sql: 'SELECT * FROM requests WHERE reference = ?',
        args: [answer.body.reference ?? ''],
      })
    ).rows[0];
    assert.equal(row?.spam, 1);
    assert.equal(row?.file_path, null);
    assert.equal(await countRows(live.receiver, 'outbox', `request_id = ${Number(row?.id)}`), 0);
    // Even with invalid fields, a robot learns nothing.
    const invalid = await post(live.receiver.url, form({ website: 'x', email: 'not an address' }));
    assert.equal(invalid.status, 201);
    await live.receiver.worker.idle();
    assert.equal(live.smtp.messages.length, before);
  });

  test('CORS: the allowed origin is answered, a foreign one is refused in French and stores nothing', async () => {
    const rows = await countRows(live.receiver, 'requests');
    const ok = await post(live.receiver.url, form(validFields()));
    assert.equal(ok.headers.get('access-control-allow-origin'), ORIGIN);

    const foreign = await post(live.receiver.url, form(validFields()), { origin: 'https://evil.example' });
    assert.equal(foreign.status, 403);
    assert.ok((foreign.body.error ?? '').includes(`ne vient pas du site ${site.name}`), foreign.body.error);
    assert.equal(foreign.headers.get('access-control-allow-origin'), null);
    assert.equal(await countRows(live.receiver, 'requests'), rows + 1);

    const preflight = await fetch(`${live.receiver.url}/api/devis`, {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), ORIGIN);
    const foreignPreflight = await fetch(`${live.receiver.url}/api/devis`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(foreignPreflight.headers.get('access-control-allow-origin'), null);

    // No Origin at all (curl, a server): accepted.
    const response = await fetch(`${live.receiver.url}/api/devis`, { method: 'POST', body: form(validFields()) });
    assert.equal(response.status, 201);
  });

  test('the health endpoint answers 200 when the database is writable', async () => {
    const response = await fetch(`${live.receiver.url}/api/devis/health`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: 'ok' });
  });

  test('an unknown path answers 404 in French', async () => {
    const response = await fetch(`${live.receiver.url}/api/autre`);
    assert.equal(response.status, 404);
    assert.match(((await response.json()) as { error: string }).error, /n’existe pas/);
  });
});
