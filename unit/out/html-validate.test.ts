import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { htmlFiles, OUT } from './out-files';

// Every page of the export is valid HTML (html-validate's recommended rules, see .htmlvalidate.json).
test('every HTML file of out/ passes html-validate', async () => {
  const validator = new HtmlValidate(new FileSystemConfigLoader());
  const files = htmlFiles();
  assert.ok(files.length >= 10, `only ${files.length} HTML files in out/`);
  const problems: string[] = [];
  for (const file of files) {
    const report = await validator.validateFile(join(OUT, file));
    for (const result of report.results) {
      for (const message of result.messages) {
        problems.push(`${file}:${message.line}:${message.column} ${message.ruleId} ${message.message}`);
      }
    }
  }
  assert.deepEqual(problems, []);
});
