import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Icon, type IconName } from '@/components/ui/icon';
import { iconData } from '@/components/ui/icon-data';
import { ICON_DATA_FILE, iconDataFile, lucideIconData, lucideIconModule } from '../scripts/icons';

const names = Object.keys(iconData) as IconName[];

/** lucide-react's own component for an icon, as the site used it before: decorative, with its classes. */
async function lucideMarkup(name: IconName, className?: string): Promise<string> {
  const icon = await lucideIconModule(name);
  assert.ok(icon, `lucide-react has an icon named ${name}`);
  const LucideIcon = icon.default;
  return renderToStaticMarkup(createElement(LucideIcon, { 'aria-hidden': 'true', className }));
}

describe('icons drawn on the server from lucide-react’s data', () => {
  test('every icon’s markup is the one lucide-react’s component draws, with or without classes', async () => {
    assert.ok(names.length > 0);
    for (const name of names) {
      for (const className of [undefined, 'size-5', 'mt-0.5 size-4  shrink-0 text-brand-700', 'lucide size-4 size-4']) {
        assert.equal(
          renderToStaticMarkup(createElement(Icon, { name, className })),
          await lucideMarkup(name, className),
          `${name} with classes “${className}”`,
        );
      }
    }
  });

  test('an icon keeps its lucide classes, aliases included, and is hidden from assistive technologies', () => {
    const markup = renderToStaticMarkup(createElement(Icon, { name: 'badge-check', className: 'size-6' }));
    assert.match(markup, /^<svg [^>]*class="lucide lucide-badge-check lucide-verified size-6"/);
    assert.match(markup, /^<svg [^>]*aria-hidden="true"/);
  });

  test('the copied data is the installed lucide-react’s: after an upgrade, `npx tsx scripts/icons.ts` rewrites it', async () => {
    assert.equal(readFileSync(ICON_DATA_FILE, 'utf8'), await iconDataFile(names));
  });

  test('an alias or an unknown name is refused, with the name to use', async () => {
    await assert.rejects(lucideIconData('building-2'), /alias of the lucide icon "building-complex"/);
    await assert.rejects(lucideIconData('no-such-icon'), /no icon named "no-such-icon"/);
  });
});
