import { Icon } from '@/components/ui/icon';
import { towns, wholeRegion } from '@/content/services';

/** The towns served, then the whole region. */
export function TownList() {
  return (
    <ul className="flex flex-wrap justify-center gap-3">
      {[...towns, wholeRegion].map((town) => (
        <li
          key={town}
          className="flex items-center gap-1.5 rounded-full bg-white px-4 py-2 text-sm font-medium shadow-sm ring-1 ring-brand-100"
        >
          <Icon name="map-pin" className="size-4 text-brand-700" />
          {town}
        </li>
      ))}
    </ul>
  );
}
