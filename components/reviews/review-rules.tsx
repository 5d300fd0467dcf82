import { reviewRulesText } from '@/content/reviews';
import { Section } from '@/components/ui/section';

/** The rules the reviews are published by (C. conso. L. 111-7-2, D. 111-17 to D. 111-19), as a section. */
export function ReviewRules() {
  return (
    <Section id={reviewRulesText.id} title={reviewRulesText.title} tone="surface">
      <div className="mx-auto max-w-3xl space-y-4 text-ink">
        <ul className="list-disc space-y-3 pl-5">
          {reviewRulesText.points.map((point) => (
            <li key={point.text}>
              {point.text}
              {point.list ? (
                <ul className="mt-2 list-[circle] space-y-1 pl-5">
                  {point.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
        <p className="text-sm text-ink-muted">{reviewRulesText.basis}</p>
      </div>
    </Section>
  );
}
