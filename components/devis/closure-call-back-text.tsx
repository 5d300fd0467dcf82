'use client';

import { callBackSentenceOn, type ClosureCallBack } from '@/lib/closures';
import { cn } from '@/lib/cn';
import { isoDay } from '@/lib/days';
import { useInteractive } from '@/components/forms/use-interactive';

type ClosureCallBackTextProps = { callBacks: readonly ClosureCallBack[]; className?: string };

/**
 * The closure's call-back sentence for the visitor's day (lib/closures.ts callBackSentenceOn). The build
 * renders nothing (it does not know the day the page is read); the browser renders it once React runs.
 */
export function ClosureCallBackText({ callBacks, className }: ClosureCallBackTextProps) {
  const today = useInteractive() ? isoDay(new Date()) : null;
  const sentence = today ? callBackSentenceOn(callBacks, today) : null;
  if (!sentence) return null;
  return (
    <p
      className={cn(
        'rounded-lg border-2 border-accent-500 bg-accent-300/40 px-4 py-3 font-semibold text-ink',
        className,
      )}
    >
      {sentence}
    </p>
  );
}
