import { Icon } from '@/components/ui/icon';
import { site } from '@/content/site';

/** The company's name and mark, linking home. */
export function Logo() {
  return (
    <a href="/" className="flex items-center gap-2 rounded-lg font-bold text-brand-800">
      <span className="flex size-9 items-center justify-center rounded-lg bg-brand-700 text-white">
        <Icon name="wrench" className="size-5" />
      </span>
      <span className="text-lg leading-tight">
        {site.shortName}
        <span className="sr-only"> – accueil</span>
      </span>
    </a>
  );
}
