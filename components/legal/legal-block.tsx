import type { Block } from '@/content/legal/types';
import { RichText } from './rich-text';

type LegalBlockProps = { block: Block };

/** One block of a legal section: paragraph, list, definition list, sub-heading or framed box. */
export function LegalBlock({ block }: LegalBlockProps) {
  if ('paragraph' in block) {
    return (
      <p>
        <RichText parts={block.paragraph} />
      </p>
    );
  }
  if ('list' in block) {
    return (
      <ul className="list-disc space-y-2 pl-6 marker:text-brand-700">
        {block.list.map((item, index) => (
          <li key={index}>
            <RichText parts={item} />
          </li>
        ))}
      </ul>
    );
  }
  if ('definitions' in block) {
    return (
      <dl className="divide-y divide-brand-100 rounded-lg border border-brand-100">
        {block.definitions.map((row) => (
          <div key={row.term} className="grid gap-1 px-4 py-3 sm:grid-cols-[minmax(0,14rem)_1fr] sm:gap-4">
            <dt className="font-semibold text-ink">{row.term}</dt>
            <dd className="min-w-0">
              <RichText parts={row.details} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  if ('subheading' in block) {
    return <h3 className="pt-2 text-lg font-semibold text-ink">{block.subheading}</h3>;
  }
  return (
    <div className="rounded-lg border-2 border-dashed border-brand-200 bg-surface px-3 py-4 sm:p-6">
      <h3 className="text-lg font-semibold text-ink">{block.box.title}</h3>
      <div className="mt-3 space-y-3">
        {block.box.lines.map((line, index) => (
          <p key={index}>
            <RichText parts={line} />
          </p>
        ))}
      </div>
    </div>
  );
}
