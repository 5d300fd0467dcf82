import { formatFrenchDay } from '@/lib/format';
import type { TerminationFieldName, TerminationFormContent } from './termination';

/**
 * D. 215-3: the summary the client checks before notifying a termination, line by line, the same on the
 * site's form (components/resiliation/termination-form.tsx) and on the receiver's page without JavaScript
 * (receiver/src/intake/termination-pages.tsx). Its own module: the form's script takes this function alone.
 * `value` gives each field as typed, trimmed.
 */
export function terminationSummaryLines(
  value: (name: TerminationFieldName) => string,
  content: Pick<TerminationFormContent, 'contract' | 'summary'>,
): [TerminationFieldName, string][] {
  const lines: [TerminationFieldName, string][] = [];
  for (const name of ['lastName', 'firstName', 'company', 'email'] as const) {
    if (name !== 'company' || value(name)) lines.push([name, value(name)]);
  }
  const type = content.contract.type.options.find((option) => option.value === value('contractType'));
  lines.push(['contractType', type?.label ?? '']);
  lines.push(['contractReference', value('contractReference')]);
  if (value('contractType') === 'maintenance') {
    const start = value('contractStart');
    lines.push(['contractStart', start ? formatFrenchDay(start) : content.summary.none]);
  }
  const desired = value('desiredDate');
  lines.push(['desiredDate', desired ? formatFrenchDay(desired) : content.summary.asap]);
  lines.push(['reason', value('reason') || content.summary.none]);
  return lines;
}
