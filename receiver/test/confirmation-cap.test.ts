import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { mailboxKey } from '../src/email';
import { form, outboxSettled, post, receiverWith, startSmtp, validFields } from './helpers';

/**
 * The cap of three confirmations a day counts mailboxes, not spellings of an address, and a confirmation
 * carries no sentence a stranger typed: real requests, a real SMTP server.
 */

const cleanup: (() => Promise<void>)[] = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
});

test('one mailbox, whatever its spelling: +tags everywhere, dots and googlemail.com at Gmail', () => {
  assert.equal(mailboxKey('Victim+1@Exemple.fr'), 'victim@exemple.fr');
  assert.equal(mailboxKey('v.i.c.t.i.m+promo@gmail.com'), 'victim@gmail.com');
  assert.equal(mailboxKey('VICTIM@googlemail.com'), 'victim@gmail.com');
  // Elsewhere a dot is part of the address: jean.dupont@ and jeandupont@ are two people.
  assert.notEqual(mailboxKey('jean.dupont@exemple.fr'), mailboxKey('jeandupont@exemple.fr'));
});

test('victim+1@, victim+2@, v.i.c.t.i.m@ and VICTIM@googlemail: three confirmations, not four', async () => {
  const smtp = await startSmtp();
  cleanup.push(() => smtp.stop());
  const receiver = await receiverWith(cleanup, { SMTP_URL: smtp.url });
  const addresses = ['victim+1@gmail.com', 'victim+2@gmail.com', 'v.i.c.t.i.m@gmail.com', 'VICTIM@googlemail.com'];
  const confirmations: (boolean | undefined)[] = [];
  for (const email of addresses) {
    const answer = await post(receiver.url, form(validFields({ email })));
    assert.equal(answer.status, 201);
    confirmations.push(answer.body.confirmation);
  }
  assert.deepEqual(confirmations, [true, true, true, false]);
  await outboxSettled(receiver);
  const toVisitor = smtp.messages.filter((mail) => mail.subject?.startsWith('Votre demande de devis'));
  assert.equal(toVisitor.length, 3);
  const toCompany = smtp.messages.filter((mail) => mail.subject?.startsWith('Demande de devis'));
  assert.equal(toCompany.length, 4, 'every request still reaches the company');
});

test('a sentence typed as the first name is not in the confirmation; a first name is', async () => {
  const smtp = await startSmtp();
  cleanup.push(() => smtp.stop());
  const receiver = await receiverWith(cleanup, { SMTP_URL: smtp.url });
  const sentence = 'Gagnez un voyage en appelant le numero ci-dessous';
  const spam = await post(receiver.url, form(validFields({ firstName: sentence })));
  const plain = await post(receiver.url, form(validFields({ firstName: 'Marie-Noëlle' })));
  assert.equal(spam.status, 201);
  await outboxSettled(receiver);
  const confirmation = (reference: string) =>
    smtp.withReference(reference).find((mail) => mail.subject?.startsWith('Votre demande de devis'));
  const sent = confirmation(spam.body.reference ?? '');
  assert.ok(sent);
  assert.match(sent.text ?? '', /^Bonjour,\n/);
  assert.ok(!`${sent.text}${String(sent.html)}`.includes('Gagnez'), 'no word of the sentence');
  assert.match(confirmation(plain.body.reference ?? '')?.text ?? '', /^Bonjour Marie-Noëlle,\n/);
  // The company's notification keeps the first name as typed.
  assert.ok(smtp.withReference(spam.body.reference ?? '').some((mail) => mail.text?.includes(sentence)));
});
