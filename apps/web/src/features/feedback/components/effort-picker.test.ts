import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { EffortPicker, effortScaleLine } from './effort-picker';

// The effort scale the session and the program view share (docs/product/feedback-and-progress.md#effort).

const render = (value: number | null) =>
  renderToStaticMarkup(
    createElement(
      I18nProvider,
      { i18n },
      createElement(EffortPicker, {
        name: 'e',
        value,
        error: undefined,
        disabled: false,
        onChange: () => {},
      }),
    ),
  );
const radios = (html: string) => [...html.matchAll(/<input type="radio"[^>]*>/g)].map((m) => m[0]);

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('EffortPicker', () => {
  it('offers only the real ratings, 1 to 10, in one group, with nothing chosen until the client picks', () => {
    const inputs = radios(render(null));
    expect(inputs.map((input) => /value="(\d+)"/.exec(input)?.[1])).toEqual(
      Array.from({ length: 10 }, (_, n) => String(n + 1)),
    );
    expect(inputs.every((input) => input.includes('name="e"'))).toBe(true);
    expect(inputs.filter((input) => input.includes('checked'))).toEqual([]);
    expect(radios(render(7)).filter((input) => input.includes('checked'))).toEqual([
      expect.stringContaining('id="e-7"'),
    ]);
  });

  it("names each choice by its number, the spec's words and its band", () => {
    const html = render(null);
    expect(html).toContain('<span class="effort-number">5</span>');
    expect(html).toContain(`<span class="visually-hidden"> Somewhat difficult (Moderate effort)</span>`);
    expect(html).toContain(`<span class="visually-hidden"> Maximal (Hard effort)</span>`);
    expect(html).not.toContain('Not rated');
  });

  it('says what the ends mean until a level is chosen, then the chosen level in words', () => {
    expect(effortScaleLine(null)).toBe('1 = Nothing, 10 = Maximal');
    expect(effortScaleLine(0)).toBe('1 = Nothing, 10 = Maximal');
    expect(effortScaleLine(5)).toBe('5 = Somewhat difficult');
  });
});
