import type { ReactNode } from 'react';
import { Icon } from '@/components/ui/icon';

/** `notice`: what follows the text, when there is something to add (an exceptional closure). */
type QuoteSuccessProps = { title: string; text: string; notice?: ReactNode };

/**
 * The success screen. Its heading takes the focus when it appears (./quote-form-state.tsx), so keyboard
 * and screen-reader users land on it.
 */
export function QuoteSuccess({ title, text, notice }: QuoteSuccessProps) {
  return (
    <div className="flex flex-col items-center rounded-card bg-brand-50 px-6 py-12 text-center">
      <Icon name="circle-check" className="size-14 text-brand-700" />
      <h3 tabIndex={-1} className="mt-4 text-2xl font-bold text-ink">
        {title}
      </h3>
      <p className="mt-3 max-w-md text-lg text-ink-muted">{text}</p>
      {notice}
    </div>
  );
}
