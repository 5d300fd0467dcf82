import { Fragment } from 'react';
import type { Inline, Paragraph } from '@/content/legal/types';
import { mailtoHref, telHref } from '@/lib/format';
import { ExternalLink } from './external-link';
import { legalLinkClasses } from './link-classes';

type RichTextProps = { parts: Paragraph };

function InlinePart({ part }: { part: Inline }) {
  if (typeof part === 'string') return part;
  if ('strong' in part) return <strong className="font-semibold text-ink">{part.strong}</strong>;
  if ('link' in part) {
    return (
      <a href={part.link.href} className={legalLinkClasses}>
        {part.link.label}
      </a>
    );
  }
  if ('email' in part) {
    return (
      <a href={mailtoHref(part.email)} className={`${legalLinkClasses} wrap-anywhere`}>
        {part.email}
      </a>
    );
  }
  if ('phone' in part) {
    return (
      <a href={telHref(part.phone)} className={`${legalLinkClasses} whitespace-nowrap`}>
        {part.phone}
      </a>
    );
  }
  return <ExternalLink href={part.external.href} label={part.external.label} />;
}

/** The inline parts of a paragraph: text, strong text, and the different kinds of links. */
export function RichText({ parts }: RichTextProps) {
  return parts.map((part, index) => (
    <Fragment key={index}>
      <InlinePart part={part} />
    </Fragment>
  ));
}
