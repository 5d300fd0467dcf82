import { expect, type Page } from '@playwright/test';

/** What the team inbox's specs share: a phone's passkey store, and the size of what a thumb aims at. */

/** A phone's passkey store with a fingerprint reader that always recognises its owner. */
export async function virtualAuthenticator(page: Page): Promise<void> {
  const client = await page.context().newCDPSession(page);
  await client.send('WebAuthn.enable');
  await client.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Every control a thumb aims at is at least 48 px high and wide. */
export async function expectThumbTargets(page: Page): Promise<void> {
  const small = await page
    .locator('a:visible, button:visible, select:visible, input:visible, textarea:visible')
    .evaluateAll((elements) =>
      elements
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.height < 48 || box.width < 48)
        .map(({ element }) => element.outerHTML.slice(0, 80)),
    );
  expect(small).toEqual([]);
}
