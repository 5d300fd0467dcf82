type TerminationEffectsProps = { paragraphs: readonly string[] };

/** What a termination entails for one kind of contract (content/termination.ts), shown before sending. */
export function TerminationEffects({ paragraphs }: TerminationEffectsProps) {
  return (
    <>
      {paragraphs.map((paragraph) => (
        <p key={paragraph} className="mt-2">
          {paragraph}
        </p>
      ))}
    </>
  );
}
