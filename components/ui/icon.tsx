import { createElement } from 'react';
import type { LucideIconData } from 'lucide-react/types';
import { iconData } from './icon-data';

export type IconName = keyof typeof iconData;

type IconProps = { name: IconName; className?: string };

/** lucide-react's default size, in pixels and in units of its drawings. */
const SIZE = 24;

/**
 * A decorative lucide icon, drawn on the server as a plain <svg> from lucide-react's data
 * (./icon-data.ts, copied by scripts/icons.ts): the same markup as lucide-react's own component
 * (unit/icon.test.ts compares them), hidden from assistive technologies like it; the link or button around
 * it carries the name. lucide-react's component is a client component: a page that imports it downloads
 * and hydrates lucide's code, and gets each icon's data a second time in its RSC data (docs/performance.md).
 */
export function Icon({ name, className = '' }: IconProps) {
  const { node, aliases = [], ...box }: LucideIconData = iconData[name];
  // As lucide-react does: its class, the icon's and its aliases', then the given ones, each once.
  const classes = new Set(['lucide', `lucide-${name}`, ...aliases.map((alias) => `lucide-${alias}`)]);
  for (const token of className.split(/\s+/)) if (token) classes.add(token);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={SIZE}
      height={SIZE}
      viewBox={`0 0 ${box.size ?? box.width ?? SIZE} ${box.size ?? box.height ?? SIZE}`}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={[...classes].join(' ')}
      aria-hidden="true"
    >
      {node.map(([tag, attributes]) => createElement(tag, attributes))}
    </svg>
  );
}
