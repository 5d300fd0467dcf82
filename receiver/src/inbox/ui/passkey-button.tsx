import { href } from '../paths';

type PasskeyButtonProps = {
  /** What the ceremony does: create a passkey (enrolment, a new device) or sign in with one. */
  ceremony: 'register' | 'authenticate';
  /** The endpoint that gives the WebAuthn options, and the one that checks the browser's answer. */
  optionsPath: string;
  verifyPath: string;
  /** A signed-in member's anti-forgery token (a new device), sent as the X-CSRF-Token header. */
  csrfToken?: string;
  label: string;
};

/**
 * The button that runs the passkey ceremony (static/passkey.js reads its data attributes), the message
 * the script writes into, and what a browser without JavaScript says instead. The scripts are files
 * served by the inbox (static-files.ts), the only scripts of the inbox: the CSP allows no inline script.
 */
export function PasskeyButton({ ceremony, optionsPath, verifyPath, csrfToken, label }: PasskeyButtonProps) {
  return (
    <>
      <div className="actions">
        <button
          type="button"
          className="button"
          data-passkey={ceremony}
          data-options={optionsPath}
          data-verify={verifyPath}
          data-csrf={csrfToken}
        >
          {label}
        </button>
      </div>
      <p id="passkey-message" role="status" className="notice-live" />
      <noscript>
        <p className="error">Les clés d’accès ont besoin de JavaScript : activez-le pour cette page.</p>
      </noscript>
      <script src={href.webauthnScript} defer />
      <script src={href.passkeyScript} defer />
    </>
  );
}
