import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'outline-light';
export type ButtonSize = 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent-400 text-ink hover:bg-accent-300',
  secondary: 'bg-brand-700 text-white hover:bg-brand-800',
  outline: 'border-2 border-brand-700 text-brand-700 hover:bg-brand-50',
  'outline-light': 'border-2 border-white text-white hover:bg-white/10',
};

const sizes: Record<ButtonSize, string> = {
  md: 'px-4 py-2 text-sm',
  lg: 'px-6 py-3 text-base',
};

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors',
    variants[variant],
    sizes[size],
    className,
  );
}

type ButtonLinkProps = {
  href: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
};

/**
 * A link that looks like a button. Plain <a>: the site is a set of static pages, each loaded whole (no
 * client-side router code to ship for it).
 */
export function ButtonLink({ href, children, variant, size, className }: ButtonLinkProps) {
  return (
    <a href={href} className={buttonClasses(variant, size, className)}>
      {children}
    </a>
  );
}
