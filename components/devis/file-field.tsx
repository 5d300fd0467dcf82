import { Icon } from '@/components/ui/icon';
import type { QuoteFormContent } from '@/content/quote';
import { ChosenFile, ChosenFileName, ChosenFileSize, FileInput, RemoveFileButton } from './file-input';

type FileFieldProps = {
  id: string;
  /** Name, label, hint, accept list and remove texts, from content/quote.ts. */
  content: QuoteFormContent['file'];
};

/**
 * The optional attachment: one file, its hint, and the chosen file with a button to remove it. Rendered on
 * the server; its browser parts (./file-input.tsx) read the form's state.
 */
export function FileField({ id, content }: FileFieldProps) {
  const { name, label, hint, accept, removeLabel, remove } = content;
  const hintId = `${id}-aide`;
  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <label htmlFor={id} className="font-medium text-ink">
        {label}
      </label>
      <FileInput
        id={id}
        name={name}
        accept={accept}
        aria-describedby={hintId}
        className={
          'block min-h-11 w-full min-w-0 rounded-lg border border-dashed border-ink-muted/60 bg-surface p-1.5 text-sm text-ink-muted aria-invalid:border-red-700 ' +
          'file:mr-3 file:min-h-10 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-700 file:px-4 file:font-semibold file:text-white hover:file:bg-brand-800'
        }
      />
      <p id={hintId} className="text-sm text-ink-muted">
        {hint}
      </p>
      <ChosenFile>
        <div className="flex items-center gap-3 rounded-lg bg-brand-50 py-1 pr-1 pl-3 text-sm">
          <Icon name="paperclip" className="size-4 shrink-0 text-brand-700" />
          <p className="min-w-0 flex-1 truncate">
            <span className="font-medium text-ink">
              <ChosenFileName />
            </span>{' '}
            <span className="text-ink-muted">
              (<ChosenFileSize />)
            </span>
          </p>
          <RemoveFileButton
            label={removeLabel}
            className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-md px-3 font-semibold text-brand-700 hover:bg-brand-100"
          >
            <Icon name="x" className="size-4" />
            {remove}
          </RemoveFileButton>
        </div>
      </ChosenFile>
    </div>
  );
}
