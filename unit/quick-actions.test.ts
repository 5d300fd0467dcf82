import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { paths } from '@/content/navigation';
import { quoteForm } from '@/content/quote';
import { quoteHrefFor, serviceParam } from '@/content/quick-actions';
import { services } from '@/content/services';

describe('service buttons carry the choice to the quote form', () => {
  test('every service is an option of the form’s service field, so its link can choose it', () => {
    const serviceField = quoteForm.selectFields.find((field) => field.name === 'serviceType');
    assert.ok(serviceField);
    const values = serviceField.options.map((option) => option.value);
    for (const service of services) assert.ok(values.includes(service.id), service.id);
  });

  test('the link is the form’s address with the service in its query string', () => {
    for (const service of services) {
      const url = new URL(quoteHrefFor(service.id), 'https://example.fr');
      assert.equal(url.pathname, paths.quote);
      assert.equal(url.searchParams.get(serviceParam), service.id);
    }
  });
});
