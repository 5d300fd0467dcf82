import Link from 'next/link';
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

/** A link that looks like a button: internal routes go through next/link, tel:/mailto: stay plain. */
export function ButtonLink({ href, children, variant, size, className }: ButtonLinkProps) {
  const classes = buttonClasses(variant, size, className);
  if (href.startsWith('/')) {
    return (
      <Link href={href} className={classes}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={classes}>
      {children}
    </a>
  );
}
