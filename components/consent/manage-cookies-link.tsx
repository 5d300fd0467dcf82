'use client';

import type { MouseEvent } from 'react';
import { paths } from '@/content/navigation';
import { openConsentSettings } from '@/components/consent/consent-store';

type ManageCookiesLinkProps = { label: string; className?: string };

/**
 * "Gérer les cookies": reopens the consent choices. Without JavaScript it is a plain link to the cookie
 * policy, which explains the choices.
 */
export function ManageCookiesLink({ label, className }: ManageCookiesLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    openConsentSettings();
  };
  return (
    <a href={paths.cookies} className={className} onClick={onClick}>
      {label}
    </a>
  );
}
