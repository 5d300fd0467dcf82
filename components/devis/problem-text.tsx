'use client';

import { fillTemplate, formatFileSize } from '@/lib/format';
import { useQuoteForm } from './quote-form-context';

/** The sentence of a failed sending: the endpoint's own reason when it gave one, else the generic text. */
export function SendProblemText({ text }: { text: string }) {
  const { problem } = useQuoteForm();
  return problem?.kind === 'send' && problem.message ? problem.message : text;
}

/** The sentence of a file over the limit, with the file's name and size (`{fichier}`, `{taille}`). */
export function FileProblemText({ template }: { template: string }) {
  const { problem } = useQuoteForm();
  return problem?.kind === 'fileTooLarge'
    ? fillTemplate(template, { fichier: problem.name, taille: formatFileSize(problem.size) })
    : null;
}
