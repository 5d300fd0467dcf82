import assert from 'node:assert/strict';
import { test } from 'node:test';
import { liveRelease, logFileOf, startPublication } from '../src/publish/engine';
import { publishMessages } from '../src/publish/messages';
import { removeDir, startSmtp, startTestReceiver, storeDir, waitFor } from './helpers';
import { phoneFile, servedPhone, testSite } from './publish-site';

test('a deploy command that fails: the release stays online here, the error is kept and mailed to each manager', async (t) => {
  const site = await testSite();
  const smtp = await startSmtp();
  const receiver = await startTestReceiver(await storeDir(), {
    SMTP_URL: smtp.url,
    SITE_SOURCE_DIR: site.site.sourceDir,
    SITE_RELEASES_DIR: site.site.releasesDir,
    SITE_BUILD_COMMAND: 'node build.mjs',
    SITE_CHECK_COMMAND: 'node check.mjs',
    SITE_CGV_COMMAND: site.site.cgvCommand,
    SITE_DEPLOY_COMMAND: 'test -f "$SITE_RELEASE/index.html" && echo "hôte injoignable" >&2 && exit 3',
  });
  t.after(async () => {
    await receiver.close();
    await smtp.stop();
    await site.remove();
    await removeDir(receiver.dataDir);
  });
  const users = [
    { id: 1, name: 'Claire Martin', email: 'claire@entreprise.test', manager: 1 },
    { id: 2, name: 'Paul Durand', email: 'paul@entreprise.test', manager: 0 },
    { id: 3, name: 'Inès Roux', email: 'ines@entreprise.test', manager: 1 },
  ];
  for (const user of users) {
    await receiver.db.execute({
      sql: `INSERT INTO users (id, name, email, webauthn_user_id, created_at, manager) VALUES (?, ?, ?, ?, '2026-11-01', ?)`,
      args: [user.id, user.name, user.email, `w${user.id}`, user.manager],
    });
  }
  const deps = receiver.app.publishing!;
  assert.ok(deps, 'SITE_SOURCE_DIR and SITE_RELEASES_DIR turn publication on');
  const done = await (
    await startPublication(deps, {
      files: [phoneFile('04 93 12 12 12')],
      author: { memberId: 2, name: 'Paul Durand', email: 'paul@entreprise.test' },
      message: 'Téléphone',
      changes: [],
    })
  ).done;
  assert.equal(done.stage, 'en-ligne', done.error);
  assert.equal(await liveRelease(deps), done.release);
  assert.equal(servedPhone(site.site), '04 93 12 12 12');
  assert.equal(done.deployError, publishMessages.deployFailed(3, logFileOf(deps.site, done.id)));

  const mails = await waitFor('the managers’ mails', () => smtp.messages.length >= 2 && smtp.messages);
  assert.deepEqual(mails.map((mail) => mail.to && 'text' in mail.to && mail.to.text).sort(), [
    'claire@entreprise.test',
    'ines@entreprise.test',
  ]);
  for (const mail of mails) {
    assert.match(mail.subject ?? '', /la copie chez l’autre hébergeur a échoué/);
    assert.ok(mail.text?.includes(done.deployError ?? '-'), 'the mail says what happened and what to do');
    assert.ok(mail.text?.includes('Paul Durand'));
  }
});
