import {
  Award,
  BadgeCheck,
  ClipboardList,
  Clock,
  Handshake,
  Heart,
  ShieldCheck,
  Users,
  Wrench,
  Zap,
  type LucideIcon,
} from 'lucide-react';

/** Icons named in content/, imported one by one so only these ship. */
export const contentIcons = {
  award: Award,
  'badge-check': BadgeCheck,
  clipboard: ClipboardList,
  clock: Clock,
  handshake: Handshake,
  heart: Heart,
  shield: ShieldCheck,
  users: Users,
  wrench: Wrench,
  zap: Zap,
} as const satisfies Record<string, LucideIcon>;

export type ContentIconName = keyof typeof contentIcons;

type ContentIconProps = { name: ContentIconName; className?: string };

/** A decorative icon named in content/. */
export function ContentIcon({ name, className }: ContentIconProps) {
  const Icon = contentIcons[name];
  return <Icon aria-hidden="true" className={className} />;
}
