import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { PainPicker } from './pain-picker';

// The markup of the pain question (the session's and the program view's): one radio group, "No answer" then 0 to 10.

const render = (value: number | null) =>
  renderToStaticMarkup(
    createElement(
      I18nProvider,
      { i18n },
      createElement(PainPicker, { name: 'p', value, disabled: false, onChange: () => {} }),
    ),
  );

const radios = (html: string) => [...html.matchAll(/<input type="radio"[^>]*>/g)].map((m) => m[0]);

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('PainPicker', () => {
  it('asks the documented question as the legend of one group of twelve radios sharing a name', () => {
    const html = render(null);
    expect(html).toContain(
      `<legend class="feedback-legend">How much pain? 0 = none, 10 = worst <span class="feedback-optional">(optional)</span></legend>`,
    );
    const inputs = radios(html);
    expect(inputs).toHaveLength(12);
    expect(inputs.every((input) => input.includes('name="p"'))).toBe(true);
    expect(inputs.map((input) => /value="([^"]*)"/.exec(input)?.[1])).toEqual([
      '',
      ...Array.from({ length: 11 }, (_, n) => String(n)),
    ]);
    expect(html).toContain('<label for="p-none" class="pain-label">No answer</label>');
    expect(html).toContain('<label for="p-10" class="pain-label">10</label>');
  });

  it('has "No answer" chosen until a level is, and 0 is a level of its own', () => {
    const checked = (html: string) => radios(html).filter((input) => input.includes('checked'));
    expect(checked(render(null))).toEqual([expect.stringContaining('id="p-none"')]);
    expect(checked(render(0))).toEqual([expect.stringContaining('id="p-0"')]);
    expect(checked(render(7))).toEqual([expect.stringContaining('id="p-7"')]);
  });
});
