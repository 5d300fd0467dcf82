import { maps } from '@/content/site';

/** The embedded map, at a fixed ratio so nothing shifts while it loads. */
export function ContactMap() {
  return (
    <div className="aspect-[4/3] w-full overflow-hidden rounded-card bg-brand-50 ring-1 ring-brand-100 sm:aspect-[16/9]">
      <iframe src={maps.embed} title={maps.title} loading="lazy" referrerPolicy="no-referrer-when-downgrade" className="size-full border-0" />
    </div>
  );
}
