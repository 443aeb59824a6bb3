// The code blocks' behaviours (SPEC §4) in plain DOM code: tabs, the copy button and the
// run-in-playground link, on the markup of src/components/code. Not React islands: a docs page may
// load 70 KB of gzipped JS in all, and React's client alone is ~66 KB.
// Every listener is on the document, so a block needs no setup of its own: a page holds up to
// hundreds, and the syntax lookup's sit in closed <details>. Playground links get their `?code=`
// only when pointed at, focused or followed, not for every block at startup.
import { COPIED_MS, COPIED_NOTICE, COPY_STATES, type CopyState } from '../components/code/copy-state.ts';
import { pageRelease, playgroundHref } from '../components/code/playground-href.ts';

const BLOCK = '.code-block';
const TAB = '.code-tabs [role="tab"]';
const PLAYGROUND_LINK = '.code-block .playground-link';

function closest<E extends Element>(event: Event, selector: string): E | null {
  return event.target instanceof Element ? event.target.closest<E>(selector) : null;
}

/** The code a block shows: its selected tab's, or its only one. */
function shownCode(block: Element): string {
  const pre = block.querySelector('[role="tabpanel"]:not([hidden]) pre') ?? block.querySelector('pre');
  return pre?.textContent ?? '';
}

function showCopyState(button: HTMLButtonElement, state: CopyState): void {
  const view = COPY_STATES[state];
  button.dataset['state'] = state;
  // Disabled for assistive technology and against a second copy, but still focusable: the
  // `disabled` property dropped keyboard focus to the page, and the focus ring with it.
  button.setAttribute('aria-disabled', String(state === 'copied'));
  button.setAttribute('aria-label', view.label);
  button.title = view.title;
  const icon = button.querySelector('path');
  icon?.setAttribute('d', view.icon);
  icon?.setAttribute('stroke-width', view.stroke);
  const notice = button.parentElement?.querySelector('.copy-notice');
  if (notice) notice.textContent = state === 'copied' ? COPIED_NOTICE : '';
}

async function copy(button: HTMLButtonElement): Promise<void> {
  const block = button.closest(BLOCK);
  try {
    if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
    await navigator.clipboard.writeText(block ? shownCode(block) : '');
    showCopyState(button, 'copied');
    // Disabled meanwhile, so no second copy can overlap this timer.
    setTimeout(() => showCopyState(button, 'initial'), COPIED_MS);
  } catch {
    showCopyState(button, 'failed');
  }
}

/** Points a playground link at the code its block shows, after the page's prelude if any. */
function aim(link: HTMLAnchorElement): void {
  const block = link.closest<HTMLElement>(BLOCK);
  if (!block) return;
  const code = shownCode(block);
  const prelude = block.dataset['prelude'];
  link.setAttribute('href', playgroundHref(prelude ? `${prelude}\n\n${code}` : code, pageRelease(document)));
}

/** Selects a tab: its panel shown, the others hidden, roving tabindex, the playground link for ReScript tabs only. */
function select(tab: HTMLElement): void {
  const block = tab.closest(BLOCK);
  const list = tab.closest('[role="tablist"]');
  if (!block || !list) return;
  const panels = block.querySelectorAll<HTMLElement>('[role="tabpanel"]');
  list.querySelectorAll<HTMLElement>('[role="tab"]').forEach((t, i) => {
    const selected = t === tab;
    t.setAttribute('aria-selected', String(selected));
    t.tabIndex = selected ? 0 : -1;
    const panel = panels[i];
    if (panel) panel.hidden = !selected;
  });
  const link = block.querySelector<HTMLAnchorElement>('.playground-link');
  if (!link) return;
  link.hidden = !('playground' in tab.dataset);
  if (!link.hidden) aim(link);
}

/** Arrow keys move to the next or previous tab, wrapping around; Home and End to the first and last. */
function onKeyDown(event: KeyboardEvent): void {
  const tab = closest<HTMLElement>(event, TAB);
  const tabs = tab?.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]');
  if (!tabs) return;
  const last = tabs.length - 1;
  const current = Array.from(tabs).findIndex((t) => t.getAttribute('aria-selected') === 'true');
  const next =
    event.key === 'ArrowRight' ? (current === last ? 0 : current + 1)
    : event.key === 'ArrowLeft' ? (current <= 0 ? last : current - 1)
    : event.key === 'Home' ? 0
    : event.key === 'End' ? last
    : -1;
  const target = tabs[next];
  if (!target) return;
  event.preventDefault();
  select(target);
  target.focus();
}

export function startCodeBlocks(): void {
  document.addEventListener('click', (event) => {
    const button = closest<HTMLButtonElement>(event, `${BLOCK} .copy-button`);
    if (button) return void (button.getAttribute('aria-disabled') === 'true' ? undefined : copy(button));
    const tab = closest<HTMLElement>(event, TAB);
    if (tab) return select(tab);
    // Also on click: one with no hover or focus before it (a script's, some screen readers') still
    // follows the link with the code, as the href is read after the listeners have run.
    const link = closest<HTMLAnchorElement>(event, PLAYGROUND_LINK);
    if (link) aim(link);
  });
  document.addEventListener('keydown', onKeyDown);
  // pointerover and focusin: pointerenter and focus do not bubble to the document.
  const onApproach = (event: Event) => {
    const link = closest<HTMLAnchorElement>(event, PLAYGROUND_LINK);
    if (link) aim(link);
  };
  document.addEventListener('pointerover', onApproach);
  document.addEventListener('focusin', onApproach);
  // Lets a test (or anything else) know the blocks now respond.
  document.documentElement.dataset['codeBlocks'] = 'ready';
}
