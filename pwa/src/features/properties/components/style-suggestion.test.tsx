import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PRO_STYLE_TITLE, proStyleMessage, type StylePreset } from '@shared/domain';
import { describe, expect, it } from 'vitest';
import { renderPropertyPage, signedInEachTest } from '../../../testing/property-page';
import {
  fakePropertyApi,
  propertyPath,
  roomProject,
  testProperty,
  testRoom,
} from '../../../testing/properties';

const STAGE = `${propertyPath}/stage`;
const seen = (style: StylePreset) => ({
  detected: { roomType: 'living-room' as const, confident: true, style },
});
const panel = () => screen.getByRole('region', { name: 'Stage the property' });
const radio = (name: string) => within(panel()).getByRole('radio', { name });

describe("the stage panel's style suggestion", () => {
  signedInEachTest();

  it('offers the style most rooms look like; one tap chooses it for the run', async () => {
    const api = fakePropertyApi(
      testProperty([
        testRoom(1, seen('scandinavian')),
        testRoom(2, seen('industrial')),
        testRoom(3, seen('scandinavian')),
      ]),
    );
    renderPropertyPage();
    await within(await screen.findByRole('region', { name: 'Stage the property' })).findByText(
      '2 of 3 rooms look Scandinavian.',
    );
    expect(radio('Modern').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(panel()).getByRole('button', { name: 'Use Scandinavian' }));
    expect(radio('Scandinavian').getAttribute('aria-checked')).toBe('true');
    expect(within(panel()).queryByText('2 of 3 rooms look Scandinavian.')).toBeNull();

    fireEvent.click(within(panel()).getByRole('button', { name: 'Stage 3 rooms' }));
    await waitFor(() => expect(api.writes()).toEqual([`POST ${STAGE}`]));
    expect(api.sent('POST', STAGE)).toMatchObject({ stylePreset: 'scandinavian' });
  });

  it('stays quiet once rooms are staged: their look is the default, not the analysis', async () => {
    fakePropertyApi(
      testProperty([
        testRoom(1, {
          ...seen('scandinavian'),
          project: roomProject('completed', { stylePreset: 'farmhouse' }),
        }),
        testRoom(2, seen('scandinavian')),
      ]),
    );
    renderPropertyPage();
    await screen.findByRole('region', { name: 'Stage the property' });
    await waitFor(() => expect(radio('Farmhouse').getAttribute('aria-checked')).toBe('true'));
    expect(within(panel()).queryByRole('button', { name: 'Use Scandinavian' })).toBeNull();
  });

  it('opens the paywall for a suggested Pro style on a free account, and keeps the run in its style', async () => {
    const api = fakePropertyApi(testProperty([testRoom(1, seen('coastal')), testRoom(2, seen('coastal'))]));
    renderPropertyPage();
    await within(await screen.findByRole('region', { name: 'Stage the property' })).findByText(
      '2 of 2 rooms look Coastal.',
    );
    fireEvent.click(within(panel()).getByRole('button', { name: 'Use Coastal' }));
    const paywall = await screen.findByRole('dialog', { name: PRO_STYLE_TITLE });
    expect(within(paywall).getByText(proStyleMessage('coastal'))).toBeTruthy();
    fireEvent.click(within(paywall).getByRole('button', { name: 'Maybe Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(radio('Modern').getAttribute('aria-checked')).toBe('true');
    expect(api.writes()).toEqual([]);
  });

  it("starts a lapsed Pro account's property, staged in a Pro style, in Modern", async () => {
    fakePropertyApi(
      testProperty([
        testRoom(1, { project: roomProject('completed', { stylePreset: 'luxury' }) }),
        testRoom(2),
      ]),
    );
    renderPropertyPage();
    await screen.findByRole('region', { name: 'Stage the property' });
    await within(panel()).findByRole('button', { name: /^Luxury.*Pro style, locked$/ });
    expect(radio('Modern').getAttribute('aria-checked')).toBe('true');
  });
});
