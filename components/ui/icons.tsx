import { Icon, type IconName } from './icon';

/** The icons content/ names (services, reasons, values), and the lucide icon each one draws. */
export const contentIcons = {
  award: 'award',
  'badge-check': 'badge-check',
  clipboard: 'clipboard-list',
  clock: 'clock',
  handshake: 'handshake',
  heart: 'heart',
  shield: 'shield-check',
  users: 'users',
  wrench: 'wrench',
  zap: 'zap',
} as const satisfies Record<string, IconName>;

export type ContentIconName = keyof typeof contentIcons;

type ContentIconProps = { name: ContentIconName; className?: string };

/** A decorative icon named in content/. */
export function ContentIcon({ name, className }: ContentIconProps) {
  return <Icon name={contentIcons[name]} className={className} />;
}
