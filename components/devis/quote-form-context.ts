'use client';

import { createContext, useContext, type ChangeEvent, type RefObject } from 'react';

/**
 * What stops a request, shown in an alert until the next try. `seq` remounts the alert for each failure, so
 * a repeated one is announced again. A refusal of the endpoint may carry its own French sentence (`message`),
 * shown instead of the generic one.
 */
export type QuoteProblem =
  { kind: 'send'; seq: number; message?: string } | { kind: 'fileTooLarge'; seq: number; name: string; size: number };

export type ChosenFile = { name: string; size: number };

/**
 * The form's state, for the small browser parts inside the markup that the server renders (the file
 * input, the chosen file, the alerts' texts): see ./quote-form-state.tsx.
 */
export type QuoteFormState = {
  problem: QuoteProblem | null;
  file: ChosenFile | null;
  fileRef: RefObject<HTMLInputElement | null>;
  onFileChange: (event: ChangeEvent<HTMLInputElement>) => void;
  removeFile: () => void;
};

export const QuoteFormContext = createContext<QuoteFormState | null>(null);

export function useQuoteForm(): QuoteFormState {
  const state = useContext(QuoteFormContext);
  if (!state) throw new Error('useQuoteForm: outside of the quote form');
  return state;
}
