import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Limits } from '@shared/api';
import {
  DEFAULT_COLOR_PALETTE,
  DEFAULT_STYLE_PRESET,
  FREE_STYLE_PRESETS,
  PRO_STYLE_PRESETS,
  PRO_STYLE_TITLE,
  STYLE_PRESET_DESCRIPTIONS,
  STYLE_PRESET_LABELS,
  proStyleMessage,
} from '@shared/domain';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '../../lib/auth';
import { limitsQueryKey } from '../../lib/limits';
import { createQueryClient } from '../../lib/query-client';
import { closePaywall, PaywallModal } from '../paywall';
import { StyleFields, type StyleChoice } from './style-fields';
import { LOCKED_STYLE_NOTE } from './style-picker';

const limits = (pro: boolean): Limits => ({
  hasActiveSubscription: pro,
  generationsUsed: 0,
  maxGenerations: pro ? 'unlimited' : 10,
  canGenerate: true,
});

let chosen = '';
function Fields() {
  const [value, setValue] = useState<StyleChoice>({
    stylePreset: DEFAULT_STYLE_PRESET,
    colorPalette: DEFAULT_COLOR_PALETTE,
    customPrompt: '',
  });
  chosen = value.stylePreset;
  return <StyleFields value={value} onChange={setValue} disabled={false} />;
}

function renderFields(pro: boolean) {
  const client = createQueryClient();
  client.setQueryData(limitsQueryKey, limits(pro));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Fields />
        <PaywallModal limits={limits(pro)} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The first group of radio cards is the style's (the palette's follows). */
const styleGroup = () => screen.getAllByRole('radiogroup')[0]!;

describe('style presets in the staging options', () => {
  beforeEach(() => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=1`;
  });
  afterEach(() => {
    closePaywall();
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });

  it('shows a free account the advanced presets with a lock; choosing one opens the paywall, not the style', async () => {
    renderFields(false);
    const radios = within(styleGroup()).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual(
      FREE_STYLE_PRESETS.map((s) => STYLE_PRESET_LABELS[s]),
    );
    const locked = within(screen.getByRole('group', { name: /Pro styles/ })).getAllByRole('button');
    // Each name starts with the label seen on the button (label in name) and says it is locked.
    expect(locked.map((b) => b.textContent)).toEqual(
      PRO_STYLE_PRESETS.map(
        (s) => `${STYLE_PRESET_LABELS[s]}${STYLE_PRESET_DESCRIPTIONS[s]}, ${LOCKED_STYLE_NOTE}`,
      ),
    );
    // Every style shows its own swatch.
    expect(document.querySelectorAll('[data-style-swatch]')).toHaveLength(
      FREE_STYLE_PRESETS.length + PRO_STYLE_PRESETS.length,
    );

    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^Coastal.*${LOCKED_STYLE_NOTE}$`) }));
    const paywall = await screen.findByRole('dialog');
    expect(within(paywall).getByText(PRO_STYLE_TITLE)).toBeTruthy();
    expect(within(paywall).getByText(proStyleMessage('coastal'))).toBeTruthy();
    expect(within(paywall).getByRole('button', { name: 'Upgrade to Pro' })).toBeTruthy();
    expect(chosen).toBe('modern');
  });

  it('lets a Pro account choose any style, with no lock', () => {
    renderFields(true);
    expect(screen.queryByRole('group', { name: /Pro styles/ })).toBeNull();
    fireEvent.click(within(styleGroup()).getByRole('radio', { name: 'Japandi' }));
    expect(chosen).toBe('japandi');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
