import { recordEarlyClicks, replayEarlyClicks, stopRecording } from './early-clicks';

const PAGE = `
  <div id="root">
    <button type="button" id="menu">Menu</button>
    <button type="button" id="heart" disabled>Heart</button>
    <a href="#elsewhere" id="link">Link</a>
    <form onsubmit="return false"><input name="q" /><button type="submit" id="search">Search</button></form>
  </div>
  <button type="button" id="outside">Outside the page</button>`;

const detach: (() => void)[] = [];

/** The handlers React attaches when it hydrates: counts what each button gets. */
function attachHandlers() {
  const clicked: string[] = [];
  const handler = (event: MouseEvent) => {
    const id = (event.target as Element).closest('[id]')?.id;
    if (id) clicked.push(id);
  };
  document.addEventListener('click', handler);
  detach.push(() => document.removeEventListener('click', handler));
  return clicked;
}

afterEach(() => {
  stopRecording();
  detach.splice(0).forEach((remove) => remove());
  document.body.innerHTML = '';
});

it('clicks again, after hydration, the script-only buttons clicked before it', () => {
  document.body.innerHTML = PAGE;
  recordEarlyClicks();
  for (const id of ['menu', 'heart', 'link', 'search', 'outside', 'menu']) document.getElementById(id)!.click();

  const clicked = attachHandlers();
  replayEarlyClicks();
  // The menu twice (as tapped); not the disabled heart, the link or the submit button (the browser
  // did those itself), nor a button outside the page's root.
  expect(clicked).toEqual(['menu', 'menu']);
  // Once only: a later click is React's own.
  replayEarlyClicks();
  document.getElementById('menu')!.click();
  expect(clicked).toEqual(['menu', 'menu', 'menu']);
});

it('clicks nothing that left the page meanwhile, nor after a client render took over', () => {
  document.body.innerHTML = PAGE;
  recordEarlyClicks();
  document.getElementById('menu')!.click();
  document.getElementById('menu')!.remove();
  const clicked = attachHandlers();
  replayEarlyClicks();
  expect(clicked).toEqual([]);

  // The hydration failed and the client rendered the page anew: what was recorded is forgotten.
  document.body.innerHTML = PAGE;
  recordEarlyClicks();
  document.getElementById('menu')!.click();
  expect(clicked).toEqual(['menu']);
  stopRecording();
  replayEarlyClicks();
  expect(clicked).toEqual(['menu']);
});
