import { closureNotices } from '@/content/closures';
import { ClosureCallBackText } from './closure-call-back-text';

type ClosureCallBackProps = { className?: string };

/**
 * When the company will call back, in the time of an exceptional closure (content/closures.ts): the days
 * are worked out at build time, the sentence chosen in the browser at the visitor's date
 * (./closure-call-back-text.tsx). Nothing otherwise.
 */
export function ClosureCallBack({ className }: ClosureCallBackProps) {
  if (closureNotices.length === 0) return null;
  return <ClosureCallBackText callBacks={closureNotices.map((notice) => notice.callBack)} className={className} />;
}
