import type { Page } from 'playwright-core';

/** Where keyboard focus landed after one Tab, and what covers it, if anything. */
export interface FocusStop {
  label: string;
  /** The fixed or sticky element drawn over part of the focused element, or null. */
  coveredBy: string | null;
  /** The element is focusable, has a size, and is wholly outside the viewport after the browser scrolled. */
  outOfView: boolean;
  /** A key for the element, to notice when focus comes back round. */
  key: string;
}

/**
 * Presses Tab until focus leaves the page or comes back to the first stop (at most `limit` presses) and, for
 * each stop, samples points over the element (clipped to the viewport): the topmost element at a point must be
 * the focused element or related to it, not a fixed or sticky bar (WCAG 2.2 2.4.11).
 */
export async function walkFocus(page: Page, limit = 250): Promise<FocusStop[]> {
  await page.evaluate(() => {
    // Where focus ends up is what counts, not the smooth scroll (Bootstrap's) on the way there.
    if (!document.getElementById('a11y-instant-scroll')) {
      const style = document.createElement('style');
      style.id = 'a11y-instant-scroll';
      style.textContent = '* { scroll-behavior: auto !important; }';
      document.head.append(style);
    }
    // In an open dialog or menu, start where it put focus; on a page, from the top.
    if (!document.activeElement?.closest('.modal, .dropdown:has(.dropdown-menu.show)')) {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    }
  });
  const stops: FocusStop[] = [];
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(describeFocus);
    if (!stop) break;
    if (stops.length > 0 && stop.key === stops[0]!.key) break;
    stops.push(stop);
  }
  return stops;
}

/** Runs in the page: the focused element and anything fixed or sticky over it. */
function describeFocus(): FocusStop | null {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body || el === document.documentElement) return null;
  const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ');
  const label = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${name.slice(0, 40)}"`;
  const path: string[] = [];
  for (let node: Element | null = el; node; node = node.parentElement) {
    path.push(`${node.tagName}${[...(node.parentElement?.children ?? [])].indexOf(node)}`);
  }
  const rect = el.getBoundingClientRect();
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const tiny = rect.width <= 1 || rect.height <= 1;
  const outOfView = !tiny && (rect.bottom <= 0 || rect.top >= vh || rect.right <= 0 || rect.left >= vw);

  const barOf = (node: Element): Element | null => {
    for (let n: Element | null = node; n; n = n.parentElement) {
      const position = getComputedStyle(n).position;
      if (position === 'fixed' || position === 'sticky') return n;
    }
    return null;
  };
  let coveredBy: string | null = null;
  if (!tiny && !outOfView) {
    const left = Math.max(rect.left, 0);
    const right = Math.min(rect.right, vw);
    const top = Math.max(rect.top, 0);
    const bottom = Math.min(rect.bottom, vh);
    const xs = [left + 2, (left + right) / 2, right - 2];
    const ys = [top + 2, (top + bottom) / 2, bottom - 2];
    for (const x of xs) {
      for (const y of ys) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || hit === el || el.contains(hit) || hit.contains(el)) continue;
        // A label of the control is part of it (checkbox and radio labels are drawn next to them).
        if (hit.closest('label') && (hit.closest('label') as HTMLLabelElement).control === el) continue;
        const bar = barOf(hit);
        if (bar && !bar.contains(el)) {
          coveredBy = `${bar.tagName.toLowerCase()}.${[...bar.classList].join('.')}`;
        }
      }
    }
  }
  return { label, coveredBy, outOfView, key: path.join('/') };
}

export interface ReflowReport {
  scrollWidth: number;
  /** Elements cut off (overflow hidden or clip with more content than room), unless an accessible name says all. */
  clipped: string[];
  /** Visible text smaller than the page's minimum. */
  smallText: string[];
  /** Targets smaller than the minimum in either direction. */
  smallTargets: string[];
  /** Headings: more or fewer than one h1, or a level skipped. */
  headings: string[];
}

/**
 * Runs in the page: 1.4.10 (no horizontal scroll, nothing clipped), text at least `minText` px, every target at
 * least `minTarget` px both ways (2.5.8), and the heading order.
 */
export function reflowReport({ minText, minTarget }: { minText: number; minTarget: number }): ReflowReport {
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.opacity !== '0';
  };
  const describe = (el: Element) => {
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ');
    const cls = [...el.classList].slice(0, 2).join('.');
    return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} "${name.slice(0, 30)}"`;
  };
  const isSrOnly = (el: Element) => {
    for (let n: Element | null = el; n; n = n.parentElement) {
      if (
        n.matches('.visually-hidden, .visually-hidden-focusable:not(:focus-within), [aria-hidden="true"]')
      ) {
        return true;
      }
    }
    return false;
  };

  const clipped: string[] = [];
  for (const el of document.querySelectorAll<HTMLElement>('body *')) {
    if (!visible(el) || isSrOnly(el)) continue;
    const style = getComputedStyle(el);
    const hidesX = style.overflowX === 'hidden' || style.overflowX === 'clip';
    const hidesY = style.overflowY === 'hidden' || style.overflowY === 'clip';
    const cutX = hidesX && el.scrollWidth > el.clientWidth + 1;
    const cutY = hidesY && el.scrollHeight > el.clientHeight + 1;
    if (!cutX && !cutY) continue;
    // Deliberate truncation (an ellipsis) is fine when the full text is the element's accessible name or title.
    const full = el.getAttribute('title') ?? el.getAttribute('aria-label') ?? '';
    if (style.textOverflow === 'ellipsis' && full.trim() !== '') continue;
    // Media and progress bars clip their own drawing; a text field scrolls its own long value.
    if (el.matches('img, video, canvas, svg, input, textarea, select, .progress, .progress *')) continue;
    clipped.push(`${describe(el)} ${cutX ? 'x' : 'y'} ${el.scrollWidth}>${el.clientWidth}`);
  }

  const smallText: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim() || !visible(parent) || isSrOnly(parent)) continue;
    if (parent.closest('script, style, title, .print-only')) continue;
    const size = parseFloat(getComputedStyle(parent).fontSize);
    if (size < minText - 0.01) smallText.push(`${describe(parent)} ${size}px`);
  }

  const smallTargets: string[] = [];
  const targets = document.querySelectorAll<HTMLElement>(
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="switch"], [role="radio"]',
  );
  for (const el of targets) {
    // A checkbox or radio counts with its label when the label is the target (clicking it toggles the box).
    let target: Element = el;
    const input = el as HTMLInputElement;
    if ((input.type === 'checkbox' || input.type === 'radio') && input.labels?.[0]) {
      const box = el.getBoundingClientRect();
      const label = input.labels[0].getBoundingClientRect();
      const union = {
        width: Math.max(box.right, label.right) - Math.min(box.left, label.left),
        height: Math.max(box.bottom, label.bottom) - Math.min(box.top, label.top),
      };
      if (visible(el) || visible(input.labels[0])) {
        if (union.width < minTarget - 0.5 || union.height < minTarget - 0.5) {
          smallTargets.push(`${describe(el)} ${Math.round(union.width)}x${Math.round(union.height)}`);
        }
      }
      continue;
    }
    if (!visible(target) || isSrOnly(target)) continue;
    if (el.closest('.btn-check')) target = el;
    // A link inside a sentence may be smaller (the 2.5.8 inline exception).
    if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') {
      const block = el.parentElement;
      const text = block?.textContent?.trim() ?? '';
      if (text.length > (el.textContent?.trim().length ?? 0) + 3) continue;
    }
    const r = target.getBoundingClientRect();
    if (r.width < minTarget - 0.5 || r.height < minTarget - 0.5) {
      smallTargets.push(`${describe(el)} ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }

  const headings: string[] = [];
  const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')]
    .filter((h) => !h.closest('[hidden], [aria-hidden="true"]') && getComputedStyle(h).display !== 'none')
    .map((h) => ({
      level: Number(h.getAttribute('aria-level') ?? h.tagName.slice(1)),
      text: (h.textContent ?? '').trim().slice(0, 30),
    }));
  const h1s = levels.filter((h) => h.level === 1).length;
  if (h1s !== 1) headings.push(`${h1s} h1 headings`);
  let previous = 0;
  for (const h of levels) {
    if (h.level > previous + 1) headings.push(`h${h.level} "${h.text}" after h${previous}`);
    previous = h.level;
  }

  return {
    scrollWidth: document.documentElement.scrollWidth,
    clipped,
    smallText,
    smallTargets,
    headings,
  };
}
