import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { Limits } from '@shared/api';
import { STYLE_PRESETS, lapsedStyleNote, type StylePreset } from '@shared/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '../../lib/auth';
import { limitsQueryKey } from '../../lib/limits';
import { createQueryClient } from '../../lib/query-client';
import { DefaultStyleField, MORE_STYLES_WITH_PRO } from './default-style-field';

function renderField(pro: boolean, saved: StylePreset) {
  const client = createQueryClient();
  client.setQueryData<Limits>(limitsQueryKey, {
    hasActiveSubscription: pro,
    generationsUsed: 0,
    maxGenerations: pro ? 'unlimited' : 10,
    canGenerate: true,
  });
  render(
    <QueryClientProvider client={client}>
      <DefaultStyleField value={saved} saved={saved} onChange={() => undefined} />
    </QueryClientProvider>,
  );
}
const optionValues = () => screen.getAllByRole<HTMLOptionElement>('option').map((o) => o.value);

describe('the default style setting', () => {
  beforeEach(() => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=1`;
  });
  afterEach(() => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });

  it('offers a Pro account every style', () => {
    renderField(true, 'japandi');
    expect(optionValues()).toEqual([...STYLE_PRESETS]);
    expect(screen.queryByText(MORE_STYLES_WITH_PRO)).toBeNull();
  });

  it('offers a free account the four free styles and says more come with Pro', () => {
    renderField(false, 'farmhouse');
    expect(optionValues()).toEqual(['modern', 'scandinavian', 'farmhouse', 'industrial']);
    expect(screen.getByText(MORE_STYLES_WITH_PRO)).toBeTruthy();
  });

  it('keeps a Pro default saved before the plan ended, with a note that stagings start in Modern', () => {
    renderField(false, 'coastal');
    expect(optionValues()).toEqual(['modern', 'scandinavian', 'farmhouse', 'industrial', 'coastal']);
    expect(screen.getByRole('option', { name: 'Coastal (Pro)' })).toBeTruthy();
    expect(screen.getByText(lapsedStyleNote('coastal'))).toBeTruthy();
  });
});
