import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import nodemailer from 'nodemailer';
import { ConfigError, loadConfig } from '../src/config';
import { isLoopbackHost, smtpConnectionOptions, smtpSecurity } from '../src/delivery/mailer';
import { isMaybeDelivered } from '../src/delivery/smtp-errors';
import { countRows, form, post, receiverWith, validFields, waitFor } from './helpers';
import { listenSmtp } from './smtp';

/**
 * SMTP never in clear to another machine: STARTTLS required on smtp:// (or TLS from the start with smtps://),
 * the certificate verified, except for a relay on the loopback. The relay that drops STARTTLS is real: the
 * tests' SMTP server, offering AUTH in clear and no STARTTLS, on the loopback, reached as 0.0.0.0: an address
 * that is not a loopback one to the receiver's rule (so it must insist on TLS, as for a relay elsewhere), and
 * that Linux connects to this machine's loopback, so that no packet leaves the loopback interface.
 */

const cleanup: (() => Promise<void>)[] = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
});

/**
 * The relay's address as the receiver is given it: not a loopback address by isLoopbackHost (TLS is required
 * for it), yet a connection to it reaches the loopback (Linux takes 0.0.0.0 as this host).
 */
const REMOTE_LOOKING_HOST = '0.0.0.0';

/** An SMTP server without STARTTLS that would take a password in clear, and tells what it was sent. */
async function plaintextRelay() {
  const seen = { connections: 0, auth: [] as string[], mailFrom: 0, data: 0 };
  const relay = await listenSmtp(
    {
      disabledCommands: ['STARTTLS'],
      authMethods: ['PLAIN', 'LOGIN'],
      allowInsecureAuth: true,
      onConnect(_session, callback) {
        seen.connections += 1;
        callback();
      },
      onAuth(auth, _session, callback) {
        seen.auth.push(`${auth.username}:${auth.password}`);
        callback(null, { user: auth.username });
      },
      onMailFrom(_address, _session, callback) {
        seen.mailFrom += 1;
        callback();
      },
      onData(stream, _session, callback) {
        seen.data += 1;
        stream.resume();
        stream.on('end', () => callback());
      },
    },
    0,
    '127.0.0.1',
  );
  cleanup.push(() => relay.stop());
  return { ...relay, url: `smtp://${REMOTE_LOOKING_HOST}:${relay.port}`, seen };
}

describe('SMTP over TLS', () => {
  test('TLS is required except on the loopback', () => {
    for (const [url, security] of [
      ['smtps://u:p@smtp.exemple.fr:465', 'implicit-tls'],
      ['smtps://u:p@127.0.0.1:465', 'implicit-tls'],
      ['smtp://u:p@smtp.exemple.fr:587', 'starttls-required'],
      ['smtp://192.0.2.2:25', 'starttls-required'],
      ['smtp://[fd00::2]:25', 'starttls-required'],
      ['smtp://localhost.exemple.fr:25', 'starttls-required'],
      ['smtp://127.0.0.1.exemple.fr:25', 'starttls-required'],
      ['smtp://128.0.0.1:25', 'starttls-required'],
      ['smtp://127.0.0.1:25', 'loopback'],
      ['smtp://127.10.20.30:25', 'loopback'],
      ['smtp://[::1]:25', 'loopback'],
      ['smtp://localhost:25', 'loopback'],
      ['smtp://LocalHost:25', 'loopback'],
    ] as const) {
      assert.equal(smtpSecurity(url), security, url);
    }
    assert.ok(isLoopbackHost('::ffff:127.0.0.1'));
    assert.ok(!isLoopbackHost('::'));
    const options = smtpConnectionOptions('smtp://u:p@smtp.exemple.fr:587');
    assert.equal(options.requireTLS, true);
    assert.equal(options.ignoreTLS, false);
    assert.equal(options.tls.rejectUnauthorized, true);
    // On the loopback, in clear: a local postfix's self-signed certificate would otherwise stop every mail.
    const local = smtpConnectionOptions('smtp://127.0.0.1:25');
    assert.deepEqual([local.requireTLS, local.ignoreTLS], [false, true]);
  });

  test('an SMTP_URL that could turn TLS or the certificate check off is refused, in French', () => {
    for (const query of ['?ignoreTLS=true', '?tls.rejectUnauthorized=false', '?requireTLS=false', '?secure=false']) {
      assert.throws(
        () => loadConfig({ SMTP_URL: `smtp://u:p@smtp.exemple.fr:587${query}` }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.message.includes('SMTP_URL ne doit porter aucun paramètre') &&
          error.message.includes(query) &&
          !error.message.includes('u:p'),
        query,
      );
    }
    // Whatever a caller passes, nodemailer is given the address without its query.
    assert.doesNotMatch(smtpConnectionOptions('smtp://u:p@smtp.exemple.fr:587?ignoreTLS=true').url, /\?/);
  });

  test('a remote-looking relay without STARTTLS gets neither the password nor a mail; the outbox keeps it', async () => {
    const relay = await plaintextRelay();
    assert.equal(smtpSecurity(relay.url), 'starttls-required', 'the relay looks remote to the receiver');
    const url = relay.url.replace('smtp://', 'smtp://devis%40entreprise.test:S3cret-Pass@');

    // The relay would take the password and the mail in clear from a client that does not insist on TLS:
    // what the receiver did before, and what it must no longer do.
    const opportunistic = nodemailer.createTransport({ url });
    await opportunistic.sendMail({ from: 'a@entreprise.test', to: 'b@entreprise.test', subject: 'x', text: 'x' });
    opportunistic.close();
    assert.deepEqual(relay.seen.auth, ['devis@entreprise.test:S3cret-Pass']);
    assert.equal(relay.seen.data, 1);
    Object.assign(relay.seen, { connections: 0, auth: [], mailFrom: 0, data: 0 });

    const receiver = await receiverWith(cleanup, { SMTP_URL: url });
    const answer = await post(receiver.url, form(validFields()));
    assert.equal(answer.status, 201);
    await waitFor('two refused attempts per mail', async () => {
      const rows = await receiver.db.execute('SELECT status, attempts FROM outbox');
      return rows.rows.length === 2 && rows.rows.every((row) => Number(row.attempts) >= 2 && row.status === 'pending');
    });
    assert.ok(relay.seen.connections >= 2, 'the receiver did reach the relay');
    assert.deepEqual(relay.seen.auth, []);
    assert.equal(relay.seen.mailFrom, 0);
    assert.equal(relay.seen.data, 0);
    assert.equal(await countRows(receiver, 'outbox', "status = 'sent'"), 0);
    assert.match(receiver.logs(), /STARTTLS required/);
  });

  test('the refusal is not taken for a mail that may have left', async () => {
    const relay = await plaintextRelay();
    const transport = nodemailer.createTransport(smtpConnectionOptions(relay.url));
    const error = await transport
      .sendMail({ from: 'a@entreprise.test', to: 'b@entreprise.test', subject: 'x', text: 'x' })
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    transport.close();
    assert.ok(error instanceof Error, 'the send is refused');
    assert.equal(isMaybeDelivered(error), false);
    assert.equal(relay.seen.data, 0);
  });
});
