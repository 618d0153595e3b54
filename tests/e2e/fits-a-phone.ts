// Every page-state fits a phone (issue 32): at 390 px wide nothing sticks out past the right edge,
// `document.documentElement.scrollWidth <= innerWidth`, so no panel is clipped and no table pushes
// its actions off screen. Specs call this where they run axe, on the same page-states, whatever
// width the test itself uses: the page is laid out at 390 px for the check and put back after.
//
// With WARRANT_SHOTS=<folder> set, each check also saves a full-page screenshot of the state at
// 390 and at 1440 px into that folder, for a person to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test } from './fixtures.ts';

export const PHONE_WIDTH = 390;
const PHONE = { width: PHONE_WIDTH, height: 844 };
const WIDE = { width: 1440, height: 900 };

const painted = (page: Page): Promise<void> =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);
}

async function shoot(page: Page, state: string, width: number): Promise<void> {
  const folder = process.env['WARRANT_SHOTS'];
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const info = test.info();
  const name = `${slug(info.titlePath.slice(1).join(' '))}--${slug(state)}--${info.project.name}-${width}`;
  // The whole page in screen-sized pieces, so each can be read at its own size.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const piece = width <= PHONE_WIDTH ? 1600 : 1100;
  for (let top = 0, part = 1; top < height && part <= 8; top += piece, part += 1)
    await page.screenshot({
      path: join(folder, `${name}-${part}.png`),
      fullPage: true,
      clip: { x: 0, y: top, width, height: Math.min(piece, height - top) },
    });
}

/**
 * What sticks out of the page at 390 px in this state, as sentences naming the widest culprits;
 * empty when `document.documentElement.scrollWidth <= innerWidth`.
 */
export async function overflowAtPhoneWidth(page: Page, state: string): Promise<string[]> {
  const before = page.viewportSize();
  await page.setViewportSize(PHONE);
  await painted(page);
  const measured = await page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return { width, scrollWidth, culprits: [] as string[] };
    // The outermost elements whose right edge passes the screen's: their parent still fits.
    const culprits = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((element) => {
        const right = element.getBoundingClientRect().right;
        const parent = element.parentElement?.getBoundingClientRect().right ?? 0;
        return right > width + 0.5 && parent <= width + 0.5;
      })
      .slice(0, 5)
      .map((element) => {
        const id = element.id ? `#${element.id}` : '';
        const classes = element.classList.length > 0 ? `.${[...element.classList].join('.')}` : '';
        return `${element.tagName.toLowerCase()}${id}${classes} (right edge at ${Math.round(element.getBoundingClientRect().right)} px)`;
      });
    return { width, scrollWidth, culprits };
  });
  await shoot(page, state, PHONE_WIDTH);
  if (process.env['WARRANT_SHOTS']) {
    await page.setViewportSize(WIDE);
    await painted(page);
    await shoot(page, state, WIDE.width);
  }
  await page.setViewportSize(before ?? PHONE);
  await painted(page);
  return measured.scrollWidth <= measured.width
    ? []
    : [
        `${state}: ${measured.scrollWidth} px wide on a ${measured.width} px screen; sticking out: ${measured.culprits.join(', ') || 'nothing named'}`,
      ];
}
