import type { ReactNode } from 'react';
import { Icon } from '@/components/ui/icon';

type QuoteAlertProps = { title: string; children: ReactNode };

/**
 * A problem that stops the request from leaving or arriving. Announced at once (role="alert"); the form
 * (./quote-form-state.tsx) focuses it when it appears, like an error summary, and mounts it anew for each
 * failure so a repeated one is heard.
 */
export function QuoteAlert({ title, children }: QuoteAlertProps) {
  return (
    <div
      role="alert"
      tabIndex={-1}
      className="flex gap-3 rounded-lg border-2 border-red-700 bg-red-50 p-4 text-ink sm:col-span-2"
    >
      <Icon name="triangle-exclamation-point" className="mt-0.5 size-5 shrink-0 text-red-700" />
      <div className="space-y-1">
        <p className="font-semibold text-red-900">{title}</p>
        {children}
      </div>
    </div>
  );
}
