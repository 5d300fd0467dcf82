import type { ChangeEvent, Ref } from 'react';
import { Paperclip, X } from 'lucide-react';
import type { QuoteFormContent } from '@/content/quote';
import { cn } from '@/lib/cn';
import { fillTemplate, formatFileSize } from '@/lib/format';

export type ChosenFile = { name: string; size: number };

type FileFieldProps = {
  id: string;
  /** Name, label, hint, accept list and remove texts, from content/quote.ts. */
  content: QuoteFormContent['file'];
  file: ChosenFile | null;
  invalid: boolean;
  inputRef: Ref<HTMLInputElement>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: () => void;
};

/** The optional attachment: one file, its hint, and the chosen file with a button to remove it. */
export function FileField({ id, content, file, invalid, inputRef, onChange, onRemove }: FileFieldProps) {
  const { name, label, hint, accept, removeLabel, remove } = content;
  const hintId = `${id}-aide`;
  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <label htmlFor={id} className="font-medium text-ink">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept={accept}
        aria-describedby={hintId}
        aria-invalid={invalid || undefined}
        onChange={onChange}
        className={cn(
          'block min-h-11 w-full min-w-0 rounded-lg border border-dashed bg-surface p-1.5 text-sm text-ink-muted',
          'file:mr-3 file:min-h-10 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-700 file:px-4 file:font-semibold file:text-white hover:file:bg-brand-800',
          invalid ? 'border-red-700' : 'border-ink-muted/60',
        )}
      />
      <p id={hintId} className="text-sm text-ink-muted">
        {hint}
      </p>
      {file ? (
        <div className="flex items-center gap-3 rounded-lg bg-brand-50 py-1 pr-1 pl-3 text-sm">
          <Paperclip aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
          <p className="min-w-0 flex-1 truncate">
            <span className="font-medium text-ink">{file.name}</span>{' '}
            <span className="text-ink-muted">({formatFileSize(file.size)})</span>
          </p>
          <button
            type="button"
            onClick={onRemove}
            aria-label={fillTemplate(removeLabel, { fichier: file.name })}
            className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-md px-3 font-semibold text-brand-700 hover:bg-brand-100"
          >
            <X aria-hidden="true" className="size-4" />
            {remove}
          </button>
        </div>
      ) : null}
    </div>
  );
}
