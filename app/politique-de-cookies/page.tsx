import type { Metadata } from 'next';
import { PageBanner } from '@/components/ui/page-banner';

export const metadata: Metadata = {
  title: 'Politique de cookies',
  alternates: { canonical: '/politique-de-cookies/' },
};

export default function Page() {
  return <PageBanner title="Politique de cookies" text="Les cookies utilisés sur ce site." />;
}
