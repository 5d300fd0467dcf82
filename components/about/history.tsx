import { about } from '@/content/about';
import { photos } from '@/content/images';
import { Container } from '@/components/ui/container';
import { Photo } from '@/components/ui/photo';

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
        <figure>
          <Photo
            photo={photos.office}
            sizes="(min-width: 1024px) 50vw, 100vw"
            className="aspect-[3/2] w-full rounded-card object-cover"
          />
          <figcaption className="mt-2 text-sm text-ink-muted">{about.photoCaption}</figcaption>
        </figure>
      </Container>
    </section>
  );
}
