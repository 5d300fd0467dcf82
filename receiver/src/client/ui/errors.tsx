/** The faults of a form, announced at once (role="alert"); nothing when there are none. */
export function Errors({ id, errors }: { id: string; errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <div className="errors" role="alert" id={id}>
      <ul>
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}
