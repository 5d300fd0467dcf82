import type { MetadataRoute } from 'next';
import { routes } from '@/content/navigation';
import { siteUrl } from '@/content/site';
import { buildDate } from '@/lib/build-info';

export const dynamic = 'force-static';

export default function sitemap(): MetadataRoute.Sitemap {
  return routes.map((route) => ({
    url: `${siteUrl}${route}`,
    lastModified: buildDate,
    changeFrequency: 'monthly',
    priority: route === '/' ? 1 : route.startsWith('/services') || route.startsWith('/devis') ? 0.8 : 0.5,
  }));
}
