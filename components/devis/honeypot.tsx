/**
 * The anti-spam trap: off screen, out of the tab order and hidden from assistive technologies, so only a
 * robot filling every field fills it (the endpoint then keeps the request apart and sends nothing).
 */
export function Honeypot({ id, name, label }: { id: string; name: string; label: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
