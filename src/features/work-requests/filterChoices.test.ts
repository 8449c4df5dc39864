/** The list's place filters turned into codes from the app's shared language and territory lists. */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_TIMEOUT_MS, configureApiClient } from '../../api/client';
import { allLanguagesOptions, allTerritoriesOptions } from '../../lib/referenceLists';
import { withPlaceCodes } from './filterChoices';

afterEach(() => {
  configureApiClient({ fetch: (...args) => globalThis.fetch(...args), answerTimeoutMs: ANSWER_TIMEOUT_MS });
});

describe('withPlaceCodes', () => {
  it('uses the languages and territories another page has read, asking nothing again', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no request expected')));
    configureApiClient({ fetch });
    const client = new QueryClient();
    // As the order wizard or the translations list left them.
    client.setQueryData(allLanguagesOptions().queryKey, [
      { code: 'fr-FR', name: 'French (France)' },
      { code: 'fr-CA', name: 'French (Canada)' },
      { code: 'de-DE', name: 'German' },
    ]);
    client.setQueryData(allTerritoriesOptions().queryKey, [{ name: 'CA', displayName: 'Canada' }]);
    const asked = await withPlaceCodes({ language: 'French', territory: 'Canada' }, client);
    expect(asked.language?.split(',').sort()).toEqual(['fr-CA', 'fr-FR']);
    expect(asked.territory).toBe('CA');
    expect(fetch).not.toHaveBeenCalled();
  });
});
