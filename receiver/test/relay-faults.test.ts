import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { ConfigError, loadConfig } from '../src/config';
import { pdf } from './fixtures';
import {
  form,
  outboxSettled,
  post,
  receiverWith,
  sha256,
  startSmtp,
  testEnv,
  tool,
  validFields,
  waitFor,
} from './helpers';
import { listenSmtp } from './smtp';

/**
 * Relays that fail in the ways real ones do, on real sockets: one that refuses a mail for its size (a plain
 * 552 after the data, or a SIZE it announces), one that drops the connection, or goes silent, right after
 * the final dot (it may have delivered), in front of a real SMTP server that keeps what it got.
 */

const cleanup: (() => Promise<void>)[] = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** A relay that keeps what it accepts, refusing with 552 any message above `maxBytes` (announced or not). */
async function sizeLimitedRelay(maxBytes: number, announce: boolean) {
  const messages: ParsedMail[] = [];
  const refused: number[] = [];
  const relay = await listenSmtp({
    // With `size`, smtp-server announces SIZE in its EHLO answer; without, the limit is unannounced.
    ...(announce ? { size: maxBytes } : { hideSize: true }),
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        // The relay that announced SIZE flags the stream past it (smtp-server counts); the other one counts.
        const tooBig = announce ? (stream as { sizeExceeded?: boolean }).sizeExceeded === true : raw.length > maxBytes;
        if (tooBig) {
          refused.push(raw.length);
          return callback(
            Object.assign(new Error('Message exceeds fixed maximum message size'), { responseCode: 552 }),
          );
        }
        simpleParser(raw).then(
          (parsed) => {
            messages.push(parsed);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  cleanup.push(relay.stop);
  return { url: relay.url, messages, refused };
}

/**
 * A proxy in front of a real SMTP server that passes the whole message, final dot included, then drops the
 * connection (or swallows the relay's answer) instead of passing its reply on: the relay delivered, the
 * receiver cannot know.
 */
async function relayThatLosesTheReply(target: number, mode: 'drop' | 'silence') {
  const sockets = new Set<Socket>();
  let dots = 0;
  const proxy = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    sockets.add(client).add(upstream);
    let tail = '';
    let afterDot = false;
    client.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString('latin1')).slice(-5);
      if (tail === '\r\n.\r\n') {
        afterDot = true;
        dots += 1;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!afterDot) return void client.write(chunk);
      if (mode === 'drop') {
        client.destroy();
        upstream.destroy();
      }
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    // The receiver hanging up (its time-out): what it sent still reaches the server (end() flushes what is
    // buffered, destroy() would drop it), so that the server stores every mail the relay forwarded.
    client.on('error', end).on('close', () => {
      client.destroy();
      upstream.end();
    });
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
  const { port } = proxy.address() as AddressInfo;
  cleanup.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => proxy.close(resolve));
  });
  return { url: `smtp://127.0.0.1:${port}`, dots: () => dots };
}

async function outboxRow(receiver: Awaited<ReturnType<typeof receiverWith>>, reference: string, kind: string) {
  const result = await receiver.db.execute({
    sql: `SELECT o.status, o.attempts, o.maybe_delivered, o.without_file, o.last_error
          FROM outbox o JOIN requests r ON r.id = o.request_id WHERE r.reference = ? AND o.kind = ?`,
    args: [reference, kind],
  });
  return result.rows[0];
}

describe('a relay that refuses the mail for its size', () => {
  for (const announce of [false, true]) {
    test(
      announce
        ? 'a relay whose SIZE is below the mail: the company gets the notification again without the file, which stays on the server'
        : 'a relay that answers 552 after the data: the company gets the notification again without the file, which stays on the server',
      async () => {
        // A 3 MB file travels with the mail by default (5 MB): a mail of about 4 MB, above this relay's 1 MB.
        const relay = await sizeLimitedRelay(1024 * 1024, announce);
        const receiver = await receiverWith(cleanup, { SMTP_URL: relay.url });
        const file = pdf(3 * 1024 * 1024);
        const answer = await post(receiver.url, form(validFields(), [{ name: 'plan.pdf', data: file }]));
        assert.equal(answer.status, 201);
        const reference = answer.body.reference ?? '';
        await outboxSettled(receiver);

        assert.equal(relay.refused.length, 1, 'the mail with the file, refused once');
        assert.match(receiver.logs(), /"status":"retry-without-file","attempts":1,"error":"EMESSAGE 552 DATA"/);
        const company = relay.messages.filter((mail) => mail.subject?.startsWith(`Demande de devis ${reference}`));
        assert.equal(company.length, 1, 'the notification reaches the company');
        assert.deepEqual(company[0]?.attachments, [], 'without the file');
        const stored = path.join(receiver.dataDir, 'files', `${reference}.pdf`);
        assert.match(company[0]?.text ?? '', /plan\.pdf .*trop lourde pour l’e-mail, conservée sur le serveur/);
        assert.match(
          company[0]?.text ?? '',
          /à télécharger depuis la boîte de réception\s:\shttp:\/\/localhost:8788\/gestion\/demandes\/D-/,
        );
        assert.ok(company[0]?.text?.includes(stored), 'the mail says where the file is');
        assert.equal(sha256(await readFile(stored)), sha256(file), 'the file is kept, intact');
        const row = await outboxRow(receiver, reference, 'company');
        assert.equal(row?.status, 'sent');
        assert.equal(row?.without_file, 1);
        assert.match(receiver.logs(), /mail refused for its size: sent again without the attachment/);
        assert.equal(relay.messages.filter((mail) => mail.subject?.includes(reference)).length, 2, 'and the visitor’s');
      },
    );
  }

  test('a file above QUOTE_MAIL_ATTACHMENT_MAX_MB stays on the server from the first mail; a smaller one travels', async () => {
    const smtp = await startSmtp();
    cleanup.push(() => smtp.stop());
    const receiver = await receiverWith(cleanup, { SMTP_URL: smtp.url, QUOTE_MAIL_ATTACHMENT_MAX_MB: '1' });
    const big = await post(receiver.url, form(validFields(), [{ name: 'gros.pdf', data: pdf(1024 * 1024 + 1) }]));
    const small = await post(receiver.url, form(validFields(), [{ name: 'petit.pdf', data: pdf(1024 * 1024) }]));
    await outboxSettled(receiver);
    const companyMail = (reference: string) =>
      smtp.withReference(reference).find((mail) => mail.subject?.startsWith('Demande de devis'));
    const bigMail = companyMail(big.body.reference ?? '');
    assert.deepEqual(bigMail?.attachments, []);
    assert.match(bigMail?.text ?? '', /gros\.pdf .*conservée sur le serveur/);
    const smallMail = companyMail(small.body.reference ?? '');
    assert.deepEqual(
      smallMail?.attachments.map((attachment) => attachment.filename),
      ['petit.pdf'],
    );
    assert.doesNotMatch(smallMail?.text ?? '', /conservée sur le serveur/);
  });

  test('QUOTE_MAIL_ATTACHMENT_MAX_MB: 5 MB by default, a wrong value stops the start with a French message', () => {
    assert.equal(loadConfig(testEnv('/tmp/x')).mailAttachmentMaxBytes, 5 * 1024 * 1024);
    assert.throws(
      () => loadConfig(testEnv('/tmp/x', { QUOTE_MAIL_ATTACHMENT_MAX_MB: 'dix' })),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.message === 'QUOTE_MAIL_ATTACHMENT_MAX_MB doit être un nombre entier entre 0 et 1000 (reçu « dix »).',
    );
  });
});

describe('a relay that may have delivered', () => {
  for (const mode of ['drop', 'silence'] as const) {
    test(
      mode === 'drop'
        ? 'the connection dropped after the final dot: each mail is sent again twice at most, after a long delay, and logged'
        : 'no answer after the final dot until the time-out: each mail is sent again twice at most, after a long delay, and logged',
      async () => {
        const smtp = await startSmtp();
        cleanup.push(() => smtp.stop());
        const relay = await relayThatLosesTheReply(smtp.port, mode);
        const receiver = await receiverWith(cleanup, { SMTP_URL: relay.url, QUOTE_SMTP_TIMEOUT_MS: '300' });
        const answer = await post(receiver.url, form(validFields()));
        const reference = answer.body.reference ?? '';
        // Three sends of two mails through a relay that loses each reply: a minute on a loaded machine (CI).
        await outboxSettled(receiver, 300_000);

        for (const kind of ['company', 'visitor']) {
          const row = await outboxRow(receiver, reference, kind);
          assert.equal(row?.status, 'failed', `${kind}: not sent again after the second retry`);
          assert.equal(row?.maybe_delivered, 3);
          assert.match(String(row?.last_error), /^maybe-delivered E(CONNECTION|TIMEDOUT)/);
        }
        // The relay got each mail three times (the first send and two retries), never more; the server behind
        // it stores each one it was forwarded (it may finish storing the last one after the receiver gave up).
        assert.equal(relay.dots(), 6);
        await waitFor('the server to store each forwarded mail', async () => smtp.withReference(reference).length >= 6);
        assert.equal(smtp.withReference(reference).length, 6);
        assert.equal(receiver.logs().match(/sent again after a long delay/g)?.length, 4, 'each retry is logged');
        assert.equal(receiver.logs().match(/not sent again/g)?.length, 2);
        const listed = await tool('list', [], receiver.dataDir);
        assert.match(listed.stdout, /entreprise peut-être remis \(E(CONNECTION|TIMEDOUT) CONN\)/);
      },
    );
  }
});
