import type { Locator, Page } from 'playwright-core';

/**
 * Drags a dnd-kit item with the keyboard — Space to pick it up, arrow keys, Space to drop — waiting
 * after each key for what dnd-kit does: it measures between moves, and a key pressed before it has
 * done so is lost on a busy machine. `moves` pairs each arrow key with the announcement expected
 * after it (the list's own Vietnamese words), `dropped` the announcement of the drop.
 */
export async function dragWithKeyboard(
  page: Page,
  handle: Locator,
  moves: Array<[key: 'ArrowUp' | 'ArrowDown', said: string]>,
  dropped: string,
) {
  await handle.focus();
  await page.keyboard.press('Space');
  // Picked up: dnd-kit marks the handle pressed (its own "picked up" words are at once replaced
  // by the item's position).
  await handle.and(page.locator('[aria-pressed="true"]')).waitFor({ timeout: 10_000 });
  // dnd-kit's KeyboardSensor listens for the arrows only from a setTimeout(0) queued at pick-up,
  // while React shows aria-pressed before that; Chromium runs input ahead of timers on a busy
  // machine, so an arrow sent now can be lost (seen in CI). A timer queued now runs after the
  // sensor's, and two animation frames let it measure the rows.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), 0),
      ),
  );
  for (const [key, said] of [...moves, ['Space', dropped] as const]) {
    await page.keyboard.press(key);
    await page
      .waitForFunction(
        (text) => [...document.querySelectorAll('[id^="DndLiveRegion"]')].some((el) => el.textContent === text),
        said,
        { timeout: 10_000 },
      )
      .catch(async (error: Error) => {
        const heard = await page.evaluate(() =>
          [...document.querySelectorAll('[id^="DndLiveRegion"]')].map((el) => el.textContent).join(' | '),
        );
        throw new Error(`after ${key}, dnd-kit did not say “${said}” (it says: ${heard}): ${error.message}`);
      });
  }
}
