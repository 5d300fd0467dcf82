'use client';

import type { InputHTMLAttributes, ReactNode } from 'react';
import { fillTemplate, formatFileSize } from '@/lib/format';
import { useQuoteForm } from './quote-form-context';

/** The attachment's input: the attributes from the server, its state from the form (invalid when too large). */
export function FileInput(props: InputHTMLAttributes<HTMLInputElement>) {
  const { problem, fileRef, onFileChange } = useQuoteForm();
  return (
    <input
      {...props}
      type="file"
      ref={fileRef}
      onChange={onFileChange}
      aria-invalid={problem?.kind === 'fileTooLarge' || undefined}
    />
  );
}

/** Its children (the chosen file's line, ./file-field.tsx), once a file is chosen. */
export function ChosenFile({ children }: { children: ReactNode }) {
  return useQuoteForm().file ? children : null;
}

/** The chosen file's name. */
export function ChosenFileName() {
  return useQuoteForm().file?.name;
}

/** The chosen file's size, as « 2,4 Mo ». */
export function ChosenFileSize() {
  const { file } = useQuoteForm();
  return file ? formatFileSize(file.size) : null;
}

type RemoveFileButtonProps = {
  /** Its accessible name, with the file's name in `{fichier}`. */
  label: string;
  className: string;
  children: ReactNode;
};

/** The button that removes the chosen file. */
export function RemoveFileButton({ label, className, children }: RemoveFileButtonProps) {
  const { file, removeFile } = useQuoteForm();
  return (
    <button
      type="button"
      onClick={removeFile}
      aria-label={fillTemplate(label, { fichier: file?.name ?? '' })}
      className={className}
    >
      {children}
    </button>
  );
}
