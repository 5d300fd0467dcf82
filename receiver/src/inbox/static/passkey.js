// The inbox's only script of its own: the passkey ceremony of the sign-in, enrolment and new-device pages.
// It reads the button's data attributes (ui/passkey-button.tsx), asks the inbox for the WebAuthn options,
// lets the browser create or use a passkey (SimpleWebAuthnBrowser, served beside it), sends the answer
// back, and follows the redirect the inbox gives. Served as a file: the CSP allows no inline script.
'use strict';

(function () {
  var button = document.querySelector('[data-passkey]');
  var message = document.getElementById('passkey-message');
  if (!button || !message || !window.SimpleWebAuthnBrowser) return;
  var webauthn = window.SimpleWebAuthnBrowser;

  function say(text) {
    message.textContent = text;
  }

  function post(path, body) {
    var headers = { 'Content-Type': 'application/json' };
    if (button.dataset.csrf) headers['X-CSRF-Token'] = button.dataset.csrf;
    return fetch(path, {
      method: 'POST',
      headers: headers,
      body: JSON.stringify(body),
      credentials: 'same-origin',
    }).then(function (response) {
      return response
        .json()
        .catch(function () {
          return {};
        })
        .then(function (data) {
          if (!response.ok) throw new Error(data.message || 'La demande a été refusée. Rechargez la page.');
          return data;
        });
    });
  }

  if (!webauthn.browserSupportsWebAuthn()) {
    button.disabled = true;
    say('Ce navigateur ne gère pas les clés d’accès\u00a0: utilisez un navigateur à jour.');
    return;
  }

  button.addEventListener('click', function () {
    var register = button.dataset.passkey === 'register';
    button.disabled = true;
    say(register ? 'Création de la clé d’accès…' : 'Connexion…');
    post(button.dataset.options, {})
      .then(function (options) {
        return register
          ? webauthn.startRegistration({ optionsJSON: options })
          : webauthn.startAuthentication({ optionsJSON: options });
      })
      .then(function (answer) {
        return post(button.dataset.verify, answer);
      })
      .then(function (result) {
        say(result.message || 'C’est fait.');
        window.location.assign(result.redirect);
      })
      .catch(function (error) {
        button.disabled = false;
        var cancelled = error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
        say(cancelled ? 'Opération annulée ou délai dépassé. Réessayez.' : error.message);
      });
  });
})();
