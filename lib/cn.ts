import clsx, { type ClassValue } from 'clsx';

/** The one class helper: `cn('base', { 'is-active': active })`. */
export function cn(...classes: ClassValue[]): string {
  return clsx(classes);
}
