import type { ReactNode } from 'react';
import { Container } from './container';

type PageBannerProps = {
  title: string;
  text?: string;
  /** The h1's id, for a container named by it. */
  titleId?: string;
  children?: ReactNode;
};

/** The title band at the top of inner pages, holding the page's h1. */
export function PageBanner({ title, text, titleId, children }: PageBannerProps) {
  return (
    <div className="bg-brand-800 py-14 text-white sm:py-20">
      <Container>
        <h1 id={titleId} className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          {title}
        </h1>
        {text ? <p className="mt-4 max-w-2xl text-lg text-brand-100">{text}</p> : null}
        {children}
      </Container>
    </div>
  );
}
