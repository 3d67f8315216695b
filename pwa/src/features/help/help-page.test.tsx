import { configure, fireEvent, render, screen } from '@testing-library/react';
import {
  FREE_GENERATIONS_PER_MONTH,
  FREE_STYLE_PRESETS,
  PRO_STYLE_PRESETS,
  STYLE_PRESET_DESCRIPTIONS,
  STYLE_PRESET_LABELS,
} from '@shared/domain';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { HelpPage } from './help-page';

configure({ asyncUtilTimeout: 5000 });

function renderHelp() {
  render(
    <MemoryRouter initialEntries={['/help']}>
      <Routes>
        <Route path="/help" element={<HelpPage />} />
        <Route path="/contact" element={<p>Contact page</p>} />
        <Route path="/api-docs" element={<p>API docs page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('HelpPage', () => {
  it('has a Back to App header, the three category cards linking to their sections, and footer links', () => {
    renderHelp();
    expect(document.title).toBe('Help Center | Stagely');
    expect(screen.getByRole('link', { name: /Back to App/ }).getAttribute('href')).toBe('/');
    const nav = screen.getByRole('navigation', { name: 'Help categories' });
    const cards = [...nav.querySelectorAll('a')];
    expect(cards.map((a) => a.querySelector('span.font-semibold')?.textContent)).toEqual([
      'Getting Started',
      'Subscription & Billing',
      'Troubleshooting',
    ]);
    for (const a of cards) expect(document.getElementById(a.getAttribute('href')!.slice(1))).not.toBeNull();
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect([...footer.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/help',
      '/contact',
      '/privacy',
      '/terms',
      '/api-docs',
    ]);
  });

  it('answers every topic of the product, with the quota from the shared constant', () => {
    renderHelp();
    const text = document.body.textContent ?? '';
    expect(text).toContain('JPG, PNG, WebP up to 10MB');
    for (const mode of ['Stage', 'Unstage', 'Multi-view']) expect(screen.getByText(mode)).toBeTruthy();
    for (const style of ['Modern', 'Scandinavian', 'Farmhouse', 'Industrial'])
      expect(screen.getByText(style)).toBeTruthy();
    expect(text).toContain(`${FREE_GENERATIONS_PER_MONTH} generations per month`);
    expect(screen.getByRole('heading', { name: 'How do I upgrade to Pro?' })).toBeTruthy();
    expect(text).toContain('$4.99/month');
    expect(screen.getByRole('heading', { name: 'How do I cancel my subscription?' })).toBeTruthy();
    expect(text).toMatch(/billing portal/);
    expect(text).toMatch(/GPS location/);
    expect(text).toContain('Our support team replies within 24 hours.');
  });

  it('says what a 4K export is: enlarged unless an AI upscaler makes the pixels', () => {
    renderHelp();
    expect(screen.getByRole('heading', { name: 'What is a 4K export?' })).toBeTruthy();
    const text = document.body.textContent ?? '';
    expect(text).toContain('3840 px on its long side');
    expect(text).toContain("'4K, enlarged from 2048 px'");
    expect(text).toContain('adds no detail');
  });

  it('lists every style preset from the shared list, the advanced ones under Pro', () => {
    renderHelp();
    const answer = document.getElementById('style-presets')?.textContent ?? '';
    const [everyone = '', pro = ''] = answer.split(/With Pro/);
    for (const s of FREE_STYLE_PRESETS) expect(everyone).toContain(STYLE_PRESET_LABELS[s]);
    for (const s of PRO_STYLE_PRESETS) {
      expect(pro).toContain(`${STYLE_PRESET_LABELS[s]}: ${STYLE_PRESET_DESCRIPTIONS[s]}`);
      expect(everyone).not.toContain(STYLE_PRESET_LABELS[s]);
    }
  });

  it('Contact Support goes to /contact', async () => {
    renderHelp();
    fireEvent.click(screen.getByRole('link', { name: 'Contact Support' }));
    expect(await screen.findByText('Contact page')).toBeTruthy();
  });

  it('API Documentation goes to /api-docs', async () => {
    renderHelp();
    fireEvent.click(screen.getByRole('link', { name: 'API Documentation' }));
    expect(await screen.findByText('API docs page')).toBeTruthy();
  });
});
