import { about } from '@/content/about';
import { photos } from '@/content/images';
import { Container } from '@/components/ui/container';
import { Illustration } from './illustration';

export function History() {
  return (
    <section aria-labelledby="histoire-titre" className="py-16 sm:py-24">
      <Container className="grid items-center gap-12 lg:grid-cols-2">
        <div>
          <h2 id="histoire-titre" className="text-3xl font-bold tracking-tight">
            {about.history.title}
          </h2>
          <div className="mt-6 space-y-4 text-lg text-ink-muted">
            {about.history.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
        <Illustration photo={photos.office} />
      </Container>
    </section>
  );
}
