// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { sessionInPage, writeSessionIntoPage } from './session-in-page.ts';

// What the desk's server writes into its page, read back as the page reads it: the dispatcher's id
// and name whatever the name holds, no one when no one is signed in, and no one when nothing was
// written (a page served by another server, or a block that is not what the server writes).

const PAGE = '<!doctype html><html><head><title>Desk</title></head><body><div id="app"></div></body></html>';
const read = (html: string) => sessionInPage(new DOMParser().parseFromString(html, 'text/html'));

it('reads back the dispatcher the server wrote, whatever the name holds', () => {
  for (const name of ['Ada Okafor', 'Ada </script><script>alert(1)</script> & <b>Co</b>', 'Zoë\u2028Line']) {
    const html = writeSessionIntoPage(PAGE, { id: 'D-1', name });
    expect(read(html)).toEqual({ id: 'D-1', name });
    expect(new DOMParser().parseFromString(html, 'text/html').querySelectorAll('script')).toHaveLength(1);
  }
});

it('reads no one when the server wrote that no one is signed in, or wrote nothing', () => {
  expect(read(writeSessionIntoPage(PAGE, null))).toBeNull();
  expect(read(PAGE)).toBeNull();
  expect(writeSessionIntoPage('<p>no head</p>', { id: 'D-1', name: 'Ada' })).toBe('<p>no head</p>');
});

it('reads no one from a block that is not what the server writes', () => {
  for (const text of ['not json', '{"dispatcher":{"id":1,"name":"Ada"}}', '{"dispatcher":"Ada"}', '[]']) {
    const html = PAGE.replace('</head>', `<script type="application/json" id="desk-session">${text}</script></head>`);
    expect(read(html)).toBeNull();
  }
});
