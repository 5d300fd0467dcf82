type JsonLdProps = { data: object };

/** A JSON-LD block; `<` is escaped so the JSON can never close the script element. */
export function JsonLd({ data }: JsonLdProps) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
