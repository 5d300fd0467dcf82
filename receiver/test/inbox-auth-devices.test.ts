import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readAudit } from '../src/store/audit';
import { firstElement, parseHtml, textOf, attribute } from '../../scripts/html';
import {
  addDevice,
  ceremonyOf,
  cookieOf,
  cookies,
  enrol,
  inboxApp,
  IPHONE_SAFARI,
  newMember,
  signInWith,
  SoftPasskey,
  type Inbox,
} from './inbox-auth-helpers';

/**
 * « Mes appareils »: adding a passkey asks for a passkey ceremony within the last QUOTE_REAUTH_MINUTES
 * (the sign-in, or a confirmation on the page), each passkey is listed with its device, when it was added
 * and when it last signed in, and the member removes one (the last one only when they say they know what
 * follows).
 */

const DEVICES = '/gestion/appareils';

/** A signed-in member's session: the page's anti-forgery token, and JSON and form posts with both. */
async function session(inbox: Inbox, cookie: string) {
  const page = async () => inbox.get(DEVICES, { cookie });
  const csrf = /data-csrf="([^"]+)"/.exec((await page()).body)?.[1] ?? '';
  return {
    page,
    json: (url: string, body: unknown, extra?: string) =>
      inbox.postJson(url, body, { cookie: cookies(cookie, extra), 'x-csrf-token': csrf, 'user-agent': IPHONE_SAFARI }),
    form: (fields: Record<string, string>) =>
      inbox.app.inject({
        method: 'POST',
        url: `${DEVICES}/retirer`,
        headers: { cookie, origin: inbox.origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ _csrf: csrf, ...fields }).toString(),
      }),
  };
}

/** The passkey button the page offers: what it does and its label. */
function passkeyButton(html: string): { ceremony?: string; label: string } | undefined {
  const button = firstElement(parseHtml(html), (element) => attribute(element, 'data-passkey') !== undefined);
  return button && { ceremony: attribute(button, 'data-passkey'), label: textOf(button) };
}

test('adding a passkey asks for a passkey ceremony within the last few minutes', async (t) => {
  const inbox = await inboxApp(t, { QUOTE_REAUTH_MINUTES: '5' });
  const { secret } = await newMember(inbox);
  const { answer, passkey } = await enrol(inbox, secret);
  const member = await session(inbox, cookieOf(answer));
  // Just enrolled: the passkey was used a moment ago, a device can be added.
  assert.deepEqual(passkeyButton((await member.page()).body), {
    ceremony: 'register',
    label: 'Créer une clé d’accès sur cet appareil',
  });

  // Six minutes later, on the same open session (an unlocked phone left on a table): refused.
  inbox.clock.now += 6 * 60_000;
  const stale = await member.json(`${DEVICES}/options`, {});
  assert.equal(stale.statusCode, 403);
  assert.match(stale.json().message, /Confirmez d’abord avec votre clé d’accès/);
  assert.deepEqual(passkeyButton((await member.page()).body), {
    ceremony: 'authenticate',
    label: 'Confirmer avec ma clé d’accès',
  });

  // Another person's passkey does not confirm.
  const other = await newMember(inbox, 'Marc Durand', 'marc@entreprise.test');
  const { passkey: marcs } = await enrol(inbox, other.secret);
  const wrong = await member.json(`${DEVICES}/confirmation/options`, {});
  const refused = await member.json(
    `${DEVICES}/confirmation/verification`,
    marcs.authenticate(wrong.json()),
    ceremonyOf(wrong),
  );
  assert.equal(refused.statusCode, 400);

  // The member's own passkey does, and lists only their passkeys.
  const options = await member.json(`${DEVICES}/confirmation/options`, {});
  assert.deepEqual(
    options.json().allowCredentials.map((credential: { id: string }) => credential.id),
    [passkey.id.toString('base64url')],
  );
  const confirmed = await member.json(
    `${DEVICES}/confirmation/verification`,
    passkey.authenticate(options.json()),
    ceremonyOf(options),
  );
  assert.equal(confirmed.statusCode, 200, confirmed.body);
  assert.equal(confirmed.json().redirect, `${DEVICES}?confirme`);
  assert.equal(passkeyButton((await member.page()).body)?.ceremony, 'register');

  // Now the new device is added…
  const registration = await member.json(`${DEVICES}/options`, {});
  assert.equal(registration.statusCode, 200);
  const tablet = new SoftPasskey(inbox.origin);
  const added = await member.json(
    `${DEVICES}/verification`,
    tablet.register(registration.json()),
    ceremonyOf(registration),
  );
  assert.equal(added.statusCode, 200, added.body);
  assert.equal((await signInWith(inbox, tablet)).statusCode, 200);

  // …and the confirmation itself lasts five minutes: options taken in time, an answer too late is refused.
  inbox.clock.now += 4 * 60_000;
  const late = await member.json(`${DEVICES}/options`, {});
  assert.equal(late.statusCode, 200);
  inbox.clock.now += 2 * 60_000;
  const tooLate = await member.json(
    `${DEVICES}/verification`,
    new SoftPasskey(inbox.origin).register(late.json()),
    ceremonyOf(late),
  );
  assert.equal(tooLate.statusCode, 403);
  assert.deepEqual(
    (await readAudit(inbox.db))
      .filter((row) => ['reauthenticated', 'passkey_added'].includes(row.action))
      .map((row) => [row.action, row.detail]),
    [
      ['reauthenticated', null],
      ['passkey_added', 'Safari sur iPhone'],
    ],
  );
});

test('« Mes appareils » lists each passkey and removes one; the last one only knowingly', async (t) => {
  const inbox = await inboxApp(t);
  const { secret } = await newMember(inbox);
  const { passkey: phone } = await enrol(inbox, secret);
  const tablet = await addDevice(inbox, phone);
  const signedIn = await signInWith(inbox, tablet);
  const member = await session(inbox, cookieOf(signedIn));

  const document = parseHtml((await member.page()).body);
  const items = (
    firstElement(document, (element) => element.name === 'ul' && attribute(element, 'class') === 'devices')?.children ??
    []
  )
    .filter((child) => 'name' in child && child.name === 'li')
    .map((item) => textOf(item as never).replace(/\s+/g, ' '));
  assert.equal(items.length, 2);
  assert.match(
    items[0]!,
    /^Appareil sans nom ?Ajoutée le 24 novembre 2026 à 9 h ; dernière connexion : mardi 9 h\. ?Retirer$/,
  );
  assert.match(
    items[1]!,
    /^Safari sur iPhone ?Ajoutée le 24 novembre 2026 à 9 h ; dernière connexion : mardi 9 h\. ?Retirer$/,
  );

  // The phone is removed: it no longer signs in; the tablet still does.
  const removed = await member.form({ cle: phone.id.toString('base64url') });
  assert.equal(removed.statusCode, 303);
  assert.equal(removed.headers.location, `${DEVICES}?retiree`);
  assert.equal((await signInWith(inbox, phone)).statusCode, 401);

  // The last one: not without saying so, and the page tells what happens next.
  const last = { cle: tablet.id.toString('base64url') };
  const refused = await member.form(last);
  assert.equal(refused.statusCode, 400);
  assert.match(refused.body, /Rien n’est retiré/);
  assert.equal((await signInWith(inbox, tablet)).statusCode, 200, 'still there');
  const knowingly = await member.form({ ...last, derniere: 'oui' });
  assert.equal(knowingly.headers.location, `${DEVICES}?derniere`);
  const after = await inbox.get(String(knowingly.headers.location), { cookie: cookieOf(signedIn) });
  assert.match(after.body, /demandez un nouveau lien d’inscription au responsable/);
  assert.equal((await signInWith(inbox, tablet)).statusCode, 401);
  // Another member's passkey id is not theirs to remove.
  assert.equal((await member.form({ cle: 'inconnue' })).statusCode, 404);
  assert.deepEqual(
    (await readAudit(inbox.db, { action: 'passkey_removed' })).map((row) => row.detail),
    ['Appareil sans nom', 'Safari sur iPhone'],
  );
});
