// « Copier le lien » after a devis is sent: the only thing it adds to the page is the copy. Without a
// script the button stays hidden, and the link stays in its field, to select and copy by hand.
for (const button of document.querySelectorAll('button[data-copy]')) {
  const field = document.getElementById(button.dataset.copy);
  const status = document.querySelector(`[data-copied="${button.dataset.copy}"]`);
  if (!field || !navigator.clipboard) continue;
  button.hidden = false;
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(field.value);
      if (status) status.textContent = 'Lien copié.';
    } catch {
      field.select();
      if (status) status.textContent = 'Sélectionnez le lien et copiez-le.';
    }
  });
}
