import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import { attribute, elementById, elements, textOf } from '../../scripts/html';
import { ConfigError, loadConfig } from '../src/config';
import { cgvPdfOn } from '../src/documents/render';
import { renderCgvPdf } from '../src/documents/cgv-pdf';
import { devisDocumentOf } from '../src/documents/devis-of-version';
import { renderDevisPdf } from '../src/documents/render';
import {
  cgvVersionOn,
  decennialAttestationFile,
  demoDevis,
  DEVIS_CLIENT_PATH,
  formatFrenchDay,
  isoDay,
  site,
  siteUrl,
  type LegalBlock,
  type LegalInline,
} from '../src/facts';
import { cgvVersions } from '@/content/legal/cgv-version';
import { href } from '../src/inbox/paths';
import { valuesOf } from '../src/inbox/devis-form';
import { isDemonstration } from '../src/requests/devis/demonstration';
import type { DevisDraft } from '../src/requests/devis/draft';
import { COMPANY, type CompanyFacts } from '../src/requests/devis/mentions';
import { previewView } from '../src/requests/devis/view';
import { messageIdFor, queuedDevisSent } from '../src/requests/mail-kinds';
import { recordEvent } from '../src/store/devis-events';
import { createDevis, findDevis } from '../src/store/devis-queries';
import { sendDevis } from '../src/store/devis-sending';
import { build, startSmtp, tempDir, removeDir, waitFor, type Smtp } from './helpers';
import { page } from './inbox-pages';
import { hasSquashed as has, readPdf, squash } from './pdf-text';
import { draft, requestForDevis, signedInMember } from './factories';

/**
 * What goes with a devis (docs/devis.md, « Les pièces jointes du devis »): the PDF of the CGV version
 * that governs it, read back against its snapshot; the insurer's address; the décennale attestation the
 * owner provides (its setting checked at start, « Envoyer » refusing works under the décennale without it,
 * the file attached to the devis's mail and to its acceptance); the demonstration devis, stamped on its
 * page, its PDF and its mails while the insurer or the mediator is a sample value, and a real devis, facts
 * given, without the stamp. Through a whole receiver, its outbox and a real SMTP server.
 */

/** An inline part as words: what the site's page and the PDF both show. */
function words(part: LegalInline): string {
  if (typeof part === 'string') return part;
  if ('strong' in part) return part.strong;
  if ('link' in part) return part.link.label;
  if ('external' in part) return part.external.label;
  if ('email' in part) return part.email;
  return part.phone;
}

/** Every text of a block, one string per paragraph, list item, definition or line. */
function blockTexts(block: LegalBlock): string[] {
  const joined = (parts: readonly LegalInline[]) => parts.map(words).join('');
  if ('paragraph' in block) return [joined(block.paragraph)];
  if ('list' in block) return block.list.map(joined);
  if ('definitions' in block) return block.definitions.flatMap((row) => [row.term, joined(row.details)]);
  if ('subheading' in block) return [block.subheading];
  return [block.box.title, ...block.box.lines.map(joined)];
}

/** The facts of a company whose insurer and mediator are filled in: a real devis. */
const realFacts: CompanyFacts = {
  ...COMPANY,
  site: {
    ...COMPANY.site,
    insurance: {
      ...COMPANY.site.insurance,
      insurer: 'Mutuelle des Artisans du Sud',
      address: '4 boulevard Carnot, 06000 Nice',
      policy: 'RC-2026-118',
    },
    mediator: {
      name: 'Médiation des Services Techniques',
      address: '10 rue de la Paix, 75002 Paris',
      website: 'https://www.mediation-services-techniques.fr',
      email: 'saisine@mediation-services-techniques.fr',
    },
  },
};

/** A fake attestation: a small file that begins as a PDF does. */
async function attestationFile(t: TestContext): Promise<string> {
  const dir = await tempDir('attestation-');
  t.after(() => removeDir(dir));
  const file = path.join(dir, 'attestation.pdf');
  await writeFile(file, '%PDF-1.4\n% attestation décennale de test\n%%EOF\n');
  return file;
}

/** A receiver mailing through a real SMTP server, a member signed in to its inbox, and a devis to send. */
async function receiverWithDevis(t: TestContext, env: Record<string, string> = {}, changes: Partial<DevisDraft> = {}) {
  const smtp = await startSmtp();
  t.after(() => smtp.stop());
  const built = await build(t, { SMTP_URL: smtp.url, ...env });
  const now = Date.now();
  const { session, cookie } = await signedInMember(built.db, now);
  const origin = new URL(built.app.config.inboxUrl).origin;
  const request = await requestForDevis(built.db);
  const id = await createDevis(built.db, request.id, draft(changes), new Date());
  const post = (url: string, fields: Record<string, string> = {}) =>
    built.app.inbox.inject({
      method: 'POST',
      url,
      headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: session.csrfToken, ...fields }).toString(),
    });
  const get = (url: string) => built.app.inbox.inject({ method: 'GET', url, headers: { cookie } });
  return { smtp, built, id, post, get };
}

const pdfsOf = (mail: Smtp['messages'][number]) =>
  Object.fromEntries(
    mail.attachments
      .filter((file) => file.contentType === 'application/pdf')
      .map((file) => [file.filename ?? '', new Uint8Array(file.content)]),
  );

/** The CGV attached for a devis of `day`: named by their version, their text the snapshot's, section by section. */
async function assertCgv(pdfs: Record<string, Uint8Array>, day: string) {
  const version = cgvVersionOn(day);
  const attached = pdfs[`cgv-${version.date}.pdf`];
  assert.ok(attached, `cgv-${version.date}.pdf in ${Object.keys(pdfs).join(', ')}`);
  // Each page's footer (the company's identity, « Page 1 sur 7 ») taken out: a paragraph may go on after it.
  const footer = new RegExp(`${squash(site.legalName).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · .*?Page \\d+ sur \\d+`);
  const text = (await readPdf(attached)).pages.map((one) => squash(one).replace(footer, ' ')).join(' ');
  assert.ok(has(text, `Conditions générales de vente du ${formatFrenchDay(version.date)}`));
  assert.ok(has(text, version.content.intro));
  version.content.sections.forEach((section, index) => {
    assert.ok(has(text, `${index + 1}. ${section.title}`), section.title);
    for (const block of section.blocks) {
      for (const expected of blockTexts(block)) assert.ok(has(text, expected), `${section.id}: ${expected}`);
    }
  });
}

describe('the CGV as a PDF', () => {
  test('each published version: named by its date, its text read back section by section, made once', async () => {
    for (const version of cgvVersions) {
      const { filename, content } = await cgvPdfOn(version.date, cgvVersions);
      assert.equal(filename, `cgv-${version.date}.pdf`);
      await assertCgv({ [filename]: content }, version.date);
      // Kept by its date: a devis of a later day governed by the same version gets the same bytes.
      assert.equal((await cgvPdfOn(version.until ?? '2999-12-31', cgvVersions)).content, content);
    }
    // The next day's version rewritten by a second publication the same day (lib/cgv-snapshots.ts): the same
    // date, another text, drawn anew rather than taken from the memory of the first.
    const newest = cgvVersions[0]!;
    const intro = `${newest.content.intro} Texte réécrit le même jour.`;
    const rewritten = [{ ...newest, content: { ...newest.content, intro } }, ...cgvVersions.slice(1)];
    const again = await cgvPdfOn(newest.date, rewritten);
    assert.equal(again.filename, `cgv-${newest.date}.pdf`);
    assert.ok(has((await readPdf(again.content)).text, intro), 'the rewritten text');
    assert.ok(!has((await readPdf((await cgvPdfOn(newest.date, cgvVersions)).content)).text, intro));
    // Dated by its version, the same text gives the same bytes after a restart.
    const version = cgvVersionOn('2026-12-15');
    assert.deepEqual(await renderCgvPdf(version), await renderCgvPdf(version));
  });
});

describe('the insurer and the décennale attestation', () => {
  test('the insurer’s address and, works under the décennale ticked, the attestation announced', () => {
    const base = draft();
    const insurance = (changes: Partial<DevisDraft>) =>
      previewView({ ...base, ...changes }, new Date(), realFacts).mentions.find(
        (mention) => mention.id === 'insurance',
      );
    const without = insurance({});
    assert.ok(has(without!.paragraphs.join(' '), '4 boulevard Carnot, 06000 Nice'));
    assert.ok(!has(without!.paragraphs.join(' '), 'Attestation d’assurance décennale jointe'));
    const ticked = insurance({ decennial: true });
    assert.ok(has(ticked!.paragraphs.join(' '), 'Attestation d’assurance décennale jointe au présent devis'));
    // The site's own address is a placeholder, listed for the go-live check.
    assert.ok(
      has(
        previewView(base, new Date()).mentions.find((m) => m.id === 'insurance')!.paragraphs[0]!,
        site.insurance.address,
      ),
    );
  });

  test('QUOTE_DECENNIAL_ATTESTATION: checked at start only when given, in French', async (t) => {
    const env = { QUOTE_DATA_DIR: '/tmp/none' };
    assert.equal(loadConfig(env).decennialAttestation, undefined);
    const dir = await tempDir('attestation-config-');
    t.after(() => removeDir(dir));
    const pdf = path.join(dir, 'attestation.pdf');
    await writeFile(pdf, '%PDF-1.7\n');
    assert.equal(loadConfig({ ...env, QUOTE_DECENNIAL_ATTESTATION: 'attestation.pdf' }, dir).decennialAttestation, pdf);
    assert.throws(
      () => loadConfig({ ...env, QUOTE_DECENNIAL_ATTESTATION: path.join(dir, 'absente.pdf') }),
      (error: unknown) =>
        error instanceof ConfigError &&
        /^QUOTE_DECENNIAL_ATTESTATION : .*absente\.pdf.* introuvable/.test(error.message),
    );
    const text = path.join(dir, 'attestation.txt');
    await writeFile(text, 'Attestation décennale');
    assert.throws(
      () => loadConfig({ ...env, QUOTE_DECENNIAL_ATTESTATION: text }),
      (error: unknown) => error instanceof ConfigError && /n’est pas un PDF/.test(error.message),
    );
    assert.throws(
      () => loadConfig({ ...env, QUOTE_DECENNIAL_ATTESTATION: dir }),
      (error: unknown) => error instanceof ConfigError && /introuvable ou illisible/.test(error.message),
    );
  });

  test('the editor’s box is kept with the draft, and « Envoyer » refuses it while no attestation is configured', async (t) => {
    const { built, id, post, get } = await receiverWithDevis(t);
    const editor = await get(href.devis(id));
    const box = elements(page(editor), (e) => attribute(e, 'name') === 'decennial')[0];
    assert.ok(box, 'the box');
    assert.equal(attribute(box, 'checked'), undefined);
    const values = valuesOf(draft());
    const fields: Record<string, string> = {
      name: values.name,
      email: values.email,
      phone: values.phone,
      jobAddress: values.jobAddress,
      clientKind: values.clientKind,
      subject: 'Remplacement du chauffe-eau',
      way: values.way,
      validityDays: values.validityDays,
      paymentTerms: values.paymentTerms,
      decennial: 'oui',
      action: 'save',
    };
    values.lines.forEach((line, index) => {
      for (const [key, value] of Object.entries(line)) fields[`lines.${index}.${key}`] = value;
    });
    assert.equal((await post(href.devis(id), fields)).statusCode, 303);
    assert.equal((await findDevis(built.db, id))?.draft?.decennial, true);
    const ticked = elements(page(await get(href.devis(id))), (e) => attribute(e, 'name') === 'decennial')[0];
    assert.notEqual(attribute(ticked!, 'checked'), undefined);

    const refused = await post(href.devisSend(id));
    assert.equal(refused.statusCode, 409);
    assert.ok(has(textOf(page(refused)), 'relevant de la garantie décennale'));
    assert.ok(has(textOf(page(refused)), 'QUOTE_DECENNIAL_ATTESTATION'));
    const versions = await built.db.execute('SELECT COUNT(*) AS n FROM devis_versions');
    assert.equal(Number(versions.rows[0]?.n), 0);
    const mails = await built.db.execute('SELECT COUNT(*) AS n FROM outbox');
    assert.equal(Number(mails.rows[0]?.n), 0);

    // Unticked, the same devis goes.
    assert.equal((await post(href.devis(id), { ...fields, decennial: '' })).statusCode, 303);
    assert.equal((await findDevis(built.db, id))?.draft?.decennial, undefined);
    assert.equal((await post(href.devisSend(id))).statusCode, 200);
  });
});

describe('the devis’s mails', () => {
  test('« Envoyer » with sample facts: a demonstration devis on its page, its PDF and its mails, its CGV and attestation attached', async (t) => {
    const attestation = await attestationFile(t);
    const { smtp, built, id, post, get } = await receiverWithDevis(
      t,
      { QUOTE_DECENNIAL_ATTESTATION: attestation },
      { decennial: true },
    );
    // The tests' facts are content/'s sample values.
    assert.equal(isDemonstration(), true);
    // The team is told before sending, and the preview's PDF is stamped.
    assert.ok(has(textOf(page(await get(href.devisPreview(id)))), 'Envoyé, ce devis portera la mention'));
    const preview = await get(href.devisPreviewPdf(id));
    assert.equal(preview.statusCode, 200);
    assert.ok(has((await readPdf(new Uint8Array(preview.rawPayload))).text, demoDevis.notice));
    const sent = await post(href.devisSend(id));
    assert.equal(sent.statusCode, 200);
    const devis = await findDevis(built.db, id);
    const number = devis?.number ?? '';
    const link = attribute(elementById(page(sent), 'lien')!, 'value') ?? '';
    const frozen = await built.db.execute({
      sql: 'SELECT content, sent_at FROM devis_versions WHERE devis_id = ?',
      args: [id],
    });
    const content = JSON.parse(String(frozen.rows[0]?.content)) as { demonstration?: boolean; decennial?: boolean };
    assert.equal(content.demonstration, true, 'frozen with the version');
    assert.equal(content.decennial, true);
    const day = isoDay(new Date(String(frozen.rows[0]?.sent_at)));

    const mail = await waitFor('the devis’s mail', () =>
      smtp.messages.find((message) => message.subject?.includes(number)),
    );
    assert.ok(mail.subject?.startsWith(demoDevis.stamp), mail.subject);
    assert.ok(has(mail.text ?? '', demoDevis.notice));
    assert.ok(has(String(mail.html || ''), demoDevis.stamp));
    assert.ok(has(mail.text ?? '', `version du ${formatFrenchDay(cgvVersionOn(day).date)}`));
    const pdfs = pdfsOf(mail);
    assert.deepEqual(
      Object.keys(pdfs).sort(),
      [decennialAttestationFile, `cgv-${cgvVersionOn(day).date}.pdf`, `devis-${number}-v1.pdf`].sort(),
    );
    assert.deepEqual(Buffer.from(pdfs[decennialAttestationFile]!), await readFile(attestation));
    await assertCgv(pdfs, day);
    const devisPdf = await readPdf(pdfs[`devis-${number}-v1.pdf`]!);
    for (const text of devisPdf.pages) assert.ok(has(text, demoDevis.stamp), 'the stamp on every page');
    assert.ok(has(devisPdf.text, demoDevis.notice));
    assert.ok(has(devisPdf.text, 'Attestation d’assurance décennale jointe au présent devis'));
    assert.ok(has(devisPdf.text, site.insurance.address));

    // The client's page.
    assert.ok(link.startsWith(`${siteUrl}${DEVIS_CLIENT_PATH}/`));
    const clientPage = await built.app.inject({
      method: 'GET',
      url: link.slice(siteUrl.length),
      headers: { 'user-agent': 'Navigateur de test' },
    });
    assert.equal(clientPage.statusCode, 200);
    const banner = elements(
      page(clientPage),
      (e) => e.name === 'section' && attribute(e, 'aria-label') === demoDevis.stamp,
    )[0];
    assert.ok(banner && has(textOf(banner), demoDevis.notice), 'the banner');

    // Accepted: the client's mail carries the devis, the proof, the CGV and the attestation, stamped.
    await acceptAndQueue(built, id, number);
    const accepted = await waitFor('the acceptance mail', () =>
      smtp.messages.find((message) => message.subject?.includes('est accepté')),
    );
    assert.ok(accepted.subject?.startsWith(demoDevis.stamp));
    const acceptedPdfs = pdfsOf(accepted);
    assert.ok(acceptedPdfs[decennialAttestationFile]);
    assert.ok(acceptedPdfs[`devis-${number}-v1.pdf`]);
    await assertCgv(acceptedPdfs, day);
  });

  test('a real devis (its facts given): no stamp anywhere; its CGV attached, no attestation unless ticked', async (t) => {
    const { smtp, built, id } = await receiverWithDevis(t);
    assert.equal(isDemonstration(realFacts), false);
    // One sample value is enough to make a demonstration devis.
    assert.equal(isDemonstration({ ...realFacts, site: { ...realFacts.site, mediator: COMPANY.site.mediator } }), true);
    assert.equal(
      isDemonstration({
        ...realFacts,
        site: {
          ...realFacts.site,
          insurance: { ...realFacts.site.insurance, address: COMPANY.site.insurance.address },
        },
      }),
      true,
    );
    const fromEmail = built.app.config.fromEmail;
    const sent = await sendDevis(
      built.db,
      id,
      new Date(),
      {},
      {
        pdf: (content) => renderDevisPdf(devisDocumentOf(content)),
        mails: (version) => [queuedDevisSent(version, fromEmail)],
        // The real facts are frozen with the version: its PDF, page and mails read them from there.
        company: realFacts,
        demonstration: isDemonstration(realFacts),
      },
    );
    assert.equal(sent.content.demonstration, undefined);
    built.worker.wake();
    const mail = await waitFor('the devis’s mail', () =>
      smtp.messages.find((message) => message.subject?.includes(sent.number)),
    );
    assert.ok(!has(mail.subject ?? '', demoDevis.stamp));
    assert.ok(!has(mail.text ?? '', demoDevis.stamp));
    const pdfs = pdfsOf(mail);
    const day = isoDay(new Date(sent.content.issuedAt));
    assert.deepEqual(
      Object.keys(pdfs).sort(),
      [`cgv-${cgvVersionOn(day).date}.pdf`, `devis-${sent.number}-v1.pdf`].sort(),
    );
    const devisPdf = await readPdf(pdfs[`devis-${sent.number}-v1.pdf`]!);
    assert.ok(!has(devisPdf.text, demoDevis.stamp));
    assert.ok(has(devisPdf.text, 'Mutuelle des Artisans du Sud, 4 boulevard Carnot, 06000 Nice'));
    assert.ok(!has(devisPdf.text, 'Attestation d’assurance décennale jointe'));
    await acceptAndQueue(built, id, sent.number);
    const accepted = await waitFor('the acceptance mail', () =>
      smtp.messages.find((message) => message.subject?.includes('est accepté')),
    );
    assert.ok(!has(accepted.subject ?? '', demoDevis.stamp));
    const acceptedPdfs = pdfsOf(accepted);
    assert.equal(acceptedPdfs[decennialAttestationFile], undefined);
    await assertCgv(acceptedPdfs, day);
  });
});

/** The client's acceptance as the code's confirmation records it, and the client's acceptance mail queued. */
async function acceptAndQueue(built: Awaited<ReturnType<typeof build>>, id: number, number: string) {
  const detail = JSON.stringify({ signerName: 'Camille Durand', earlyStart: false });
  assert.ok(await recordEvent(built.db, { devisId: id, version: 1, kind: 'accepted', at: new Date(), detail }));
  const version = await built.db.execute({ sql: 'SELECT id FROM devis_versions WHERE devis_id = ?', args: [id] });
  await built.db.execute({
    sql: 'INSERT INTO outbox (devis_version_id, kind, message_id, next_attempt_at) VALUES (?, ?, ?, ?)',
    args: [
      Number(version.rows[0]?.id),
      'devis_accepted_client',
      messageIdFor(`${number}-v1-test`, 'devis_accepted_client', built.app.config.fromEmail),
      Date.now(),
    ],
  });
  built.worker.wake();
}
