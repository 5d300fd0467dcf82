import { Icon } from '@/components/ui/icon';
import { about } from '@/content/about';
import { photos } from '@/content/images';
import { Container } from '@/components/ui/container';
import { Illustration } from './illustration';

/** Team, expertise and zone, beside the team photo. */
export function TeamExpertise() {
  return (
    <section aria-labelledby="equipe-titre" className="bg-surface py-16 sm:py-24">
      <Container className="grid items-start gap-12 lg:grid-cols-2">
        <Illustration photo={photos.team} />
        <div className="space-y-10">
          <div>
            <h2 id="equipe-titre" className="text-3xl font-bold tracking-tight">
              {about.team.title}
            </h2>
            <p className="mt-4 text-lg text-ink-muted">{about.team.text}</p>
          </div>
          <div>
            <h2 className="text-2xl font-bold tracking-tight">{about.expertise.title}</h2>
            <ul className="mt-4 space-y-2">
              {about.expertise.items.map((item) => (
                <li key={item} className="flex gap-2">
                  <Icon name="check" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-2xl font-bold tracking-tight">{about.zone.title}</h2>
            <p className="mt-4 text-ink-muted">{about.zone.text}</p>
          </div>
        </div>
      </Container>
    </section>
  );
}
