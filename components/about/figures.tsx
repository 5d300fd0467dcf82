import { about } from '@/content/about';
import { Container } from '@/components/ui/container';

export function Figures() {
  return (
    <section aria-labelledby="chiffres-titre" className="bg-brand-800 py-16 text-white">
      <Container>
        <h2 id="chiffres-titre" className="text-center text-3xl font-bold tracking-tight">
          {about.figures.title}
        </h2>
        <dl className="mt-10 grid grid-cols-2 gap-8 text-center lg:grid-cols-4">
          {about.figures.items.map((figure) => (
            <div key={figure.label} className="flex flex-col-reverse">
              <dt className="mt-2 text-brand-100">{figure.label}</dt>
              <dd className="text-4xl font-bold text-accent-300">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}
