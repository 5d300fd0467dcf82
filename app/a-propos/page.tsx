import type { Metadata } from 'next';
import { pageMetadata } from '@/components/seo/page-metadata';
import { about } from '@/content/about';
import { PageBanner } from '@/components/ui/page-banner';
import { Commitments } from '@/components/about/commitments';
import { Figures } from '@/components/about/figures';
import { History } from '@/components/about/history';
import { TeamExpertise } from '@/components/about/team-expertise';
import { Values } from '@/components/about/values';
import { CallToAction } from '@/components/sections/call-to-action';
import { paths } from '@/content/navigation';

export const metadata: Metadata = pageMetadata({
  title: about.meta.title,
  description: about.meta.description,
  path: paths.about,
});

export default function AboutPage() {
  return (
    <>
      <PageBanner title={about.intro.title} text={about.intro.text} />
      <History />
      <TeamExpertise />
      <Values />
      <Figures />
      <Commitments />
      <CallToAction />
    </>
  );
}
