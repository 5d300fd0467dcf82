import { Icon } from '@/components/ui/icon';
import { legalUi } from '@/content/legal-ui';
import { legalLinkClasses } from './link-classes';

type ExternalLinkProps = { href: string; label: string };

/** A link to another site: new tab, no opener or referrer, and a hidden hint for screen readers. */
export function ExternalLink({ href, label }: ExternalLinkProps) {
  // The icon stays on the line of the label's last word.
  const split = label.lastIndexOf(' ') + 1;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={`${legalLinkClasses} wrap-anywhere`}>
      {label.slice(0, split)}
      <span className="whitespace-nowrap">
        {label.slice(split)}
        <Icon name="external-link" className="ml-0.5 inline-block size-3.5 align-[-0.125em]" />
      </span>
      <span className="sr-only">{legalUi.newWindow}</span>
    </a>
  );
}
