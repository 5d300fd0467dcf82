import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';

/** One validator for the process: the site's rules (.htmlvalidate.json), read once. */
let validator: HtmlValidate | undefined;

/**
 * What html-validate finds wrong in a page the receiver serves, by the same rules as the site's pages: one
 * line a problem (`where:line:column rule message`), none for a valid page.
 */
export async function htmlProblems(html: string, where: string): Promise<string[]> {
  validator ??= new HtmlValidate(new FileSystemConfigLoader());
  const report = await validator.validateString(html, `${where}.html`);
  return report.results.flatMap((result) =>
    result.messages.map((message) => `${where}:${message.line}:${message.column} ${message.ruleId} ${message.message}`),
  );
}
