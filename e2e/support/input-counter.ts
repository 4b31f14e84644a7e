import type { Locator, Page } from 'playwright-core';

/**
 * Every tap and keystroke the journey makes, counted as a person on a phone would make them: a tap on a button,
 * link or chip; a tap into a field (or on its clear button) and one keystroke a character typed.
 */
export class InputCounter {
  taps = 0;
  keys = 0;
  constructor(private readonly page: Page) {}

  async tap(target: Locator) {
    this.taps += 1;
    await target.click();
  }

  async fill(target: Locator, text: string) {
    this.taps += 1;
    this.keys += text.length;
    await target.fill(text);
  }

  /** Typing into the field that has the focus already. */
  async type(text: string) {
    this.keys += text.length;
    await this.page.keyboard.type(text);
  }
}
