import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EFFORT_FACES, EffortFace } from './effort-face';

const draw = (rating: number) => renderToStaticMarkup(createElement(EffortFace, { rating }));
const levels = Array.from({ length: 10 }, (_, n) => n + 1);

describe('EffortFace', () => {
  it('draws a face of its own for each level 1 to 10, hidden from screen readers', () => {
    const faces = levels.map(draw);
    expect(new Set(faces).size).toBe(10);
    for (const face of faces) expect(face).toMatch(/^<svg [^>]*aria-hidden="true"/);
    expect(draw(0)).toBe('');
    expect(draw(11)).toBe('');
  });

  it('goes from calm to strained as the effort grows', () => {
    const specs = levels.map((level) => EFFORT_FACES[level]!);
    expect(specs[0]).toMatchObject({ eyes: 'calm', brows: 0, drops: 0 });
    expect(specs[0]!.mouth).toBeGreaterThan(0);
    expect(specs[9]).toMatchObject({ eyes: 'shut', teeth: 'bared', drops: 2 });
    const bends = specs.slice(1, 8).map((spec) => spec.mouth!);
    expect(bends).toEqual([...bends].sort((a, b) => b - a));
    const brows = specs.map((spec) => spec.brows);
    expect(brows).toEqual([...brows].sort((a, b) => a - b));
    const drops = specs.map((spec) => spec.drops);
    expect(drops).toEqual([...drops].sort((a, b) => a - b));
  });
});
