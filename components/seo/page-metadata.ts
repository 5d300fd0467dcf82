import type { Metadata } from 'next';
import { site } from '@/content/site';

export const SHARE_IMAGE = {
  url: '/og-image.png',
  width: 1200,
  height: 630,
  alt: `${site.name}, services techniques à Antibes`,
};

type PageMetadataInput = {
  /** The page's own title, shown as "<title> | <Nom>". */
  title: string;
  description: string;
  /** The route, with its trailing slash ("/services/"). */
  path: string;
};

/** Title, description, canonical URL, Open Graph and Twitter card of one page. */
export function pageMetadata({ title, description, path }: PageMetadataInput): Metadata {
  const fullTitle = `${title} | ${site.name}`;
  return {
    // Written out in full: the layout's template does not apply to the home page (same segment).
    title: { absolute: fullTitle },
    description,
    alternates: { canonical: path },
    openGraph: {
      type: 'website',
      locale: 'fr_FR',
      siteName: site.name,
      url: path,
      title: fullTitle,
      description,
      images: [SHARE_IMAGE],
    },
    twitter: { card: 'summary_large_image', title: fullTitle, description, images: [SHARE_IMAGE.url] },
  };
}
