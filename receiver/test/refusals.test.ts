import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { describe, test } from 'node:test';
import { Value } from '@sinclair/typebox/value';
import { QUOTE_MAX_FILE_BYTES, quoteRefusalSchema, type QuoteRefusalCode } from '../src/facts';
import { docx, exe, pdf, png, xls } from './fixtures';
import {
  build,
  countRows,
  form,
  listDir,
  ORIGIN,
  post,
  send,
  validFields,
  type Answer,
  type Attachment,
  type Fields,
  liveReceiver,
} from './helpers';

type Case = {
  name: string;
  fields?: Fields;
  files?: Attachment[];
  /** A raw body instead of a form. */
  raw?: { body: string; type: string };
  /** A field sent twice. */
  twice?: [string, string];
  status: number;
  /** The answer's code (content/quote-contract.ts), and the field it names. */
  code: QuoteRefusalCode | QuoteRefusalCode[];
  field?: string;
};

const without = (name: string): Fields => {
  const fields = validFields();
  delete fields[name];
  return fields;
};

const cases: Case[] = [
  { name: 'no first name', fields: without('firstName'), status: 400, code: 'required', field: 'firstName' },
  {
    name: 'a last name of spaces',
    fields: validFields({ lastName: '   ' }),
    status: 400,
    code: 'required',
    field: 'lastName',
  },
  { name: 'no e-mail', fields: without('email'), status: 400, code: 'required', field: 'email' },
  { name: 'no phone', fields: without('phone'), status: 400, code: 'required', field: 'phone' },
  { name: 'no service type', fields: without('serviceType'), status: 400, code: 'required', field: 'serviceType' },
  { name: 'no location', fields: without('location'), status: 400, code: 'required', field: 'location' },
  {
    name: 'no description',
    fields: validFields({ description: '\r\n ' }),
    status: 400,
    code: 'required',
    field: 'description',
  },
  { name: 'an invalid e-mail', fields: validFields({ email: 'elodie@' }), status: 400, code: 'email', field: 'email' },
  {
    name: 'an e-mail without a domain dot',
    fields: validFields({ email: 'elodie@localhost' }),
    status: 400,
    code: 'email',
    field: 'email',
  },
  {
    name: 'a header injection in the e-mail',
    fields: validFields({ email: 'a@b.fr\r\nBcc: victime@exemple.fr' }),
    status: 400,
    code: 'line-break',
    field: 'email',
  },
  {
    name: 'a line break in the first name',
    fields: validFields({ firstName: 'Jean\nBcc: x@y.fr' }),
    status: 400,
    code: 'line-break',
    field: 'firstName',
  },
  {
    name: 'a line break in the last name',
    fields: validFields({ lastName: 'Du\rpont' }),
    status: 400,
    code: 'line-break',
    field: 'lastName',
  },
  {
    name: 'a NUL in the description, that would hide the rest of it',
    fields: validFields({ description: 'Fuite sous l’évier.\u0000 Le reste est caché' }),
    status: 400,
    code: 'control-character',
    field: 'description',
  },
  {
    name: 'an escape in the last name',
    fields: validFields({ lastName: 'Dupont\u001b[2J' }),
    status: 400,
    code: 'control-character',
    field: 'lastName',
  },
  {
    name: 'a C1 control in the description',
    fields: validFields({ description: 'Fuite\u0085sous l’évier' }),
    status: 400,
    code: 'control-character',
    field: 'description',
  },
  {
    name: 'a first name with a digit',
    fields: validFields({ firstName: 'Élodie2' }),
    status: 400,
    code: 'first-name',
    field: 'firstName',
  },
  { name: 'a phone too short', fields: validFields({ phone: '06 12 34' }), status: 400, code: 'phone', field: 'phone' },
  {
    name: 'a phone of letters',
    fields: validFields({ phone: 'appelez-moi svp' }),
    status: 400,
    code: 'phone',
    field: 'phone',
  },
  {
    name: 'an unknown service type',
    fields: validFields({ serviceType: 'piratage' }),
    status: 400,
    code: 'option',
    field: 'serviceType',
  },
  {
    name: 'an unknown location (a label, not a value)',
    fields: validFields({ location: 'Autre (région PACA)' }),
    status: 400,
    code: 'option',
    field: 'location',
  },
  {
    name: 'a description too long',
    fields: validFields({ description: 'x'.repeat(5001) }),
    status: 400,
    code: 'too-long',
    field: 'description',
  },
  {
    name: 'a first name too long',
    fields: validFields({ firstName: 'A'.repeat(101) }),
    status: 400,
    code: 'too-long',
    field: 'firstName',
  },
  {
    name: 'an e-mail too long',
    fields: validFields({ email: `${'a'.repeat(250)}@b.fr` }),
    status: 400,
    code: 'too-long',
    field: 'email',
  },
  { name: 'no request id', fields: without('requestId'), status: 400, code: 'request-id', field: 'requestId' },
  {
    name: 'a request id that is not a UUID',
    fields: validFields({ requestId: '1234' }),
    status: 400,
    code: 'request-id',
    field: 'requestId',
  },
  {
    name: 'a field sent twice',
    twice: ['email', 'autre@exemple.fr'],
    status: 400,
    code: 'duplicate-field',
    field: 'email',
  },
  {
    name: 'two files',
    files: [
      { name: 'a.pdf', data: pdf() },
      { name: 'b.pdf', data: pdf() },
    ],
    status: 400,
    code: 'file-count',
  },
  {
    name: 'a file under another field',
    files: [{ name: 'a.pdf', data: pdf(), field: 'document' }],
    status: 400,
    code: 'file-field',
  },
  { name: 'an executable', files: [{ name: 'setup.exe', data: exe() }], status: 415, code: 'file-extension' },
  { name: 'a file without extension', files: [{ name: 'plan', data: pdf() }], status: 415, code: 'file-extension' },
  {
    name: 'an executable renamed .pdf',
    files: [{ name: 'facture.pdf', data: exe() }],
    status: 415,
    code: 'file-content',
  },
  {
    name: 'a text file renamed .png',
    files: [{ name: 'photo.png', data: Buffer.from('bonjour, ceci est du texte') }],
    status: 415,
    code: 'file-content',
  },
  { name: 'a PNG named .jpg', files: [{ name: 'photo.jpg', data: png() }], status: 415, code: 'file-content' },
  {
    name: 'an Excel workbook (the same OLE2 container as a .doc) named .doc',
    files: [{ name: 'cahier.doc', data: xls() }],
    status: 415,
    code: 'file-content',
  },
  { name: 'a DOCX named .doc', files: [{ name: 'cahier.doc', data: docx() }], status: 415, code: 'file-content' },
  { name: 'an empty file', files: [{ name: 'vide.pdf', data: Buffer.alloc(0) }], status: 400, code: 'file-empty' },
  {
    name: 'a file one byte over 10 Mo',
    files: [{ name: 'gros.pdf', data: pdf(QUOTE_MAX_FILE_BYTES + 1) }],
    status: 413,
    code: 'file-too-large',
  },
  {
    name: 'a JSON body',
    raw: { body: JSON.stringify(validFields()), type: 'application/json' },
    status: 415,
    code: 'not-multipart',
  },
  {
    name: 'a URL-encoded body',
    raw: { body: new URLSearchParams(validFields()).toString(), type: 'application/x-www-form-urlencoded' },
    status: 415,
    code: 'not-multipart',
  },
  {
    name: 'a truncated multipart body',
    raw: {
      body: '--abc\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nJean',
      type: 'multipart/form-data; boundary=abc',
    },
    status: 400,
    // The parser may see the end of the body first, or the fields that are missing.
    code: ['malformed', 'required'],
  },
];

/**
 * The French sentence of each code, checked once: on the first case of that code above (the first
 * `required` is the first name's, the first `too-long` the description's, and so on).
 */
const french: Partial<Record<QuoteRefusalCode, RegExp>> = {
  required: /^Le prénom est obligatoire\u00a0: complétez ce champ, puis envoyez à nouveau votre demande\.$/,
  email: /^L’adresse e-mail n’est pas valide\u00a0: vérifiez-la \(par exemple prenom\.nom@exemple\.fr\)\.$/,
  'line-break': /^L’adresse e-mail ne doit tenir que sur une ligne\u00a0: retirez les retours à la ligne\.$/,
  'control-character':
    /^La description de votre projet contient un caractère invisible qui n’est pas accepté \(souvent laissé par un copier-coller\)\u00a0: retapez le passage concerné, puis envoyez à nouveau votre demande\.$/,
  'first-name': /^Le prénom ne peut contenir que des lettres, des espaces, des apostrophes et des traits d’union/,
  phone: /^Le numéro de téléphone n’est pas valide\u00a0: indiquez-le avec 10 à 15 chiffres/,
  option: /^Le type de prestation choisi n’existe pas\u00a0: choisissez une valeur de la liste\.$/,
  'too-long':
    /^La description de votre projet est trop longue \(5\u202f000 caractères au plus\)\u00a0: raccourcissez-la, puis envoyez/,
  'request-id': /^La demande ne porte pas d’identifiant valide\u00a0: rechargez la page/,
  'duplicate-field': /^La demande contient deux fois l’adresse e-mail\u00a0: rechargez la page/,
  'file-count': /^Une seule pièce jointe est acceptée/,
  'file-field': /^La pièce jointe n’est pas envoyée au bon endroit/,
  'file-extension':
    /^Ce type de pièce jointe n’est pas accepté\u00a0: joignez un fichier PDF, JPG, PNG, DOC ou DOCX\.$/,
  'file-content':
    /^Le contenu de la pièce jointe ne correspond pas à un fichier PDF\u00a0: enregistrez-la à nouveau au format PDF/,
  'file-empty': /^La pièce jointe est vide/,
  'file-too-large': /^La pièce jointe dépasse 10\u00a0Mo/,
  'not-multipart': /^La demande n’est pas au format attendu/,
  malformed: /^La demande est arrivée incomplète/,
};

describe('bad input', () => {
  const live = liveReceiver();

  test(`${cases.length} bad requests are each refused with their code, the field, and a French sentence`, async (t) => {
    const receiver = await build(t, { SMTP_URL: live.smtp.url });
    const { app, dataDir } = receiver;
    const checked = new Set<QuoteRefusalCode>();
    for (const item of cases) {
      let answer: Answer;
      if (item.raw) {
        answer = await send(app, item.raw.body, { 'content-type': item.raw.type });
      } else if (item.twice) {
        const body = form(validFields());
        body.append(...item.twice);
        answer = await send(app, body);
      } else {
        answer = await send(app, form(item.fields ?? validFields(), item.files ?? []));
      }
      const { status, body } = answer;
      assert.equal(status, item.status, `${item.name}: ${status} ${body.error}`);
      assert.ok(
        Value.Check(quoteRefusalSchema, body),
        `${item.name}: the contract's refusal, not ${JSON.stringify(body)}`,
      );
      assert.ok([item.code].flat().includes(body.code!), `${item.name}: ${body.code}`);
      if (!Array.isArray(item.code)) assert.equal(body.field, item.field, `${item.name}: field`);
      const sentence = french[body.code!];
      if (sentence && !checked.has(body.code!)) {
        checked.add(body.code!);
        assert.match(body.error ?? '', sentence, `${item.name}: the French sentence of ${body.code}`);
      }
      // The form can read the message only if CORS lets it.
      assert.equal(answer.headers.get('access-control-allow-origin'), ORIGIN, `${item.name}: CORS header`);
    }
    assert.deepEqual([...checked].sort(), Object.keys(french).sort(), 'each code’s sentence is checked');
    // Nothing stored, nothing left on disk, nothing mailed.
    assert.equal(await countRows(receiver, 'requests'), 0);
    assert.equal(await countRows(receiver, 'outbox'), 0);
    assert.deepEqual(await listDir(path.join(dataDir, 'files')), []);
    assert.deepEqual(await listDir(path.join(dataDir, 'tmp')), []);
    await receiver.worker.idle();
    assert.equal(live.smtp.messages.length, 0);
  });

  test('an upload far over the limit is cut off: 413 or a closed connection, never stored', async () => {
    const boundary = 'x-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="enorme.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const total = 64 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    const outcome = await new Promise<{ status?: number; body?: string; error?: string; sent: number }>((resolve) => {
      let sent = 0;
      const req = httpRequest(`${live.receiver.url}/api/devis`, {
        method: 'POST',
        headers: {
          origin: ORIGIN,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + total + tail.length),
        },
      });
      req.on('response', (response) => {
        let body = '';
        response.on('data', (data: Buffer) => (body += data.toString()));
        response.on('end', () => resolve({ status: response.statusCode, body, sent }));
        response.on('error', () => resolve({ status: response.statusCode, body, sent }));
      });
      req.on('error', (error) => resolve({ error: error.message, sent }));
      req.write(head);
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end(tail);
      };
      pump();
    });
    // The server stops reading soon after the limit: most of the 64 Mo never reach it.
    if (outcome.status !== undefined) {
      assert.equal(outcome.status, 413, outcome.body);
      assert.match(outcome.body ?? '', /dépasse 10/);
    }
    assert.equal(await countRows(live.receiver, 'requests'), 0);
    assert.deepEqual(await listDir(path.join(live.receiver.dataDir, 'files')), []);
    assert.deepEqual(await listDir(path.join(live.receiver.dataDir, 'tmp')), []);
  });

  test('logs carry no personal data: only status, reference and codes', async () => {
    const fields = validFields({
      firstName: 'Zéphyrin',
      lastName: 'Quillebœuf',
      email: 'zephyrin.quilleboeuf@exemple.fr',
      phone: '07 98 76 54 32',
      description: 'Chaudière Frisquet modèle Hydroconfort',
    });
    const ok = await post(live.receiver.url, form(fields, [{ name: 'plan-secret-maison.pdf', data: pdf() }]), {
      'x-forwarded-for': '203.0.113.77',
      'user-agent': 'NavigateurDeTest/1.0',
    });
    assert.equal(ok.status, 201);
    const refused = await post(live.receiver.url, form({ ...fields, phone: '12' }), {
      'x-forwarded-for': '203.0.113.77',
    });
    assert.equal(refused.status, 400);
    const query = await fetch(`${live.receiver.url}/api/devis/health?email=${encodeURIComponent(fields.email ?? '')}`);
    assert.equal(query.status, 200);
    await live.receiver.worker.idle();

    const logs = live.receiver.logs();
    assert.ok(logs.includes(ok.body.reference ?? 'missing'), 'the reference is logged');
    assert.ok(logs.includes('"status":201') && logs.includes('"status":400'));
    for (const value of [
      fields.firstName,
      fields.lastName,
      fields.email,
      'zephyrin',
      fields.phone,
      '98 76',
      'Frisquet',
      'plan-secret',
      '203.0.113.77',
      '127.0.0.1", "remote',
      'NavigateurDeTest',
      'remoteAddress',
      'user-agent',
    ]) {
      assert.ok(!logs.includes(value ?? ''), `log must not contain ${value}`);
    }
  });
});
