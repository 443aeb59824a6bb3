// The site shell's behaviours, in plain DOM code (no React): the top bar that hides on scroll,
// the phone menu, the sidebar drawer, the version selector, the footer year, link prefetch.
// Every control is server-rendered; without scripts the page reads and navigates as it is.

/** SPEC §2, §9: the top bar hides past 80 px scrolling down and comes back scrolling up, 20 px hysteresis. */
export const HIDE_AFTER = 80;
export const HYSTERESIS = 20;

function hideOnScroll(header: HTMLElement): void {
  let last = window.scrollY;
  // Where the scroll last turned: the bar moves once the scroll has gone 20 px from there.
  let turn = last;
  let down = true;
  const set = (hidden: boolean) => {
    if (header.hasAttribute('data-hidden') === hidden) return;
    header.toggleAttribute('data-hidden', hidden);
    document.documentElement.toggleAttribute('data-header-hidden', hidden);
  };
  // A jump to an anchor is not the reader scrolling: the heading was placed below the bar
  // (scroll-margin-top), and hiding the bar then left a bar-high gap above it. The scrolls of the
  // frame a jump happens in move the reference points without moving the bar.
  let jumpedAt = Number.NEGATIVE_INFINITY;
  const jump = () => (jumpedAt = performance.now());
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href^="#"]');
    if (link && !event.defaultPrevented) jump();
  });
  window.addEventListener('hashchange', jump);
  window.addEventListener(
    'scroll',
    () => {
      const y = window.scrollY;
      if (performance.now() - jumpedAt < 150) {
        last = turn = y;
        return;
      }
      if (y > last !== down) {
        down = y > last;
        turn = last;
      }
      last = y;
      // Never hide what the reader is using: an open menu, a focused control in the bar.
      if (y <= HIDE_AFTER || header.contains(document.activeElement) || document.documentElement.hasAttribute('data-menu-open')) set(false);
      else if (down && y - turn >= HYSTERESIS) set(true);
      else if (!down && turn - y >= HYSTERESIS) set(false);
    },
    { passive: true },
  );
  header.addEventListener('focusin', () => set(false));
}

/**
 * A button that shows and hides a panel: `aria-expanded` on the button, `hidden`/`open` on the
 * panel. Closed by default; closes on Escape (focus back on the button), on a hash change, when the
 * page comes back from the back/forward cache, and when focus leaves both.
 */
function disclosure(button: HTMLButtonElement, panel: HTMLElement, onChange: (open: boolean) => void): void {
  const set = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    onChange(open);
  };
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  button.addEventListener('click', () => set(!isOpen()));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && isOpen()) {
      set(false);
      button.focus();
    }
  });
  window.addEventListener('hashchange', () => set(false));
  window.addEventListener('popstate', () => set(false));
  window.addEventListener('pageshow', (e) => e.persisted && set(false));
  panel.addEventListener('click', (e) => {
    // A link in the panel navigates: the panel is closed when the reader comes back.
    if ((e.target as Element).closest('a')) set(false);
  });
  for (const el of [button, panel]) {
    el.addEventListener('focusout', (e) => {
      const to = e.relatedTarget as Node | null;
      if (to && isOpen() && !button.contains(to) && !panel.contains(to)) set(false);
    });
  }
}

function mobileMenu(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-menu-button]');
  const menu = document.getElementById('mobile-menu');
  if (!button || !menu) return;
  disclosure(button, menu, (open) => {
    menu.hidden = !open;
    button.setAttribute('aria-label', open ? 'Close menu' : 'Menu');
    document.documentElement.toggleAttribute('data-menu-open', open);
  });
}

function sidebarDrawer(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-sidebar-toggle]')) {
    const drawer = document.getElementById(button.getAttribute('aria-controls') ?? '');
    const label = button.querySelector('[data-label]');
    if (!drawer) continue;
    disclosure(button, drawer, (open) => {
      drawer.classList.toggle('open', open);
      document.documentElement.toggleAttribute('data-drawer-open', open);
      if (label) label.textContent = open ? 'Close sidebar' : 'Open sidebar';
      if (open) revealActiveItem(drawer);
    });
  }
}

/** A long sidebar opens scrolled to the page being read, not to its top. */
function revealActiveItem(wrap: HTMLElement): void {
  const active = wrap.querySelector<HTMLElement>('.sidebar a[aria-current="page"]');
  if (!active || wrap.scrollHeight <= wrap.clientHeight) return;
  const top = active.getBoundingClientRect().top - wrap.getBoundingClientRect().top;
  if (top > wrap.clientHeight * 0.7) wrap.scrollTop += top - wrap.clientHeight / 3;
}

/** The version selector is a <details>: close it on Escape and on a click elsewhere. */
function versionSelectors(): void {
  const all = document.querySelectorAll<HTMLDetailsElement>('[data-version-selector]');
  if (all.length === 0) return;
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    for (const d of all) {
      if (!d.open) continue;
      d.open = false;
      d.querySelector('summary')?.focus();
    }
  });
  document.addEventListener('click', (e) => {
    for (const d of all) if (d.open && !d.contains(e.target as Node)) d.open = false;
  });
  // Like the menu and the drawer: closed when focus leaves it (Tab past its last version) and when
  // the address's hash changes (an "On this page" link), so its list does not stay open below.
  for (const d of all) {
    d.addEventListener('focusout', (e) => {
      const next = (e as FocusEvent).relatedTarget as Node | null;
      if (d.open && next && !d.contains(next)) d.open = false;
    });
  }
  window.addEventListener('hashchange', () => {
    for (const d of all) d.open = false;
  });
}

/** "On this page" marks the section being read: the last heading above the top third of the window. */
function pageTocSpy(): void {
  const toc = document.querySelector('.page-toc');
  if (!toc) return;
  const entries: [HTMLElement, HTMLAnchorElement][] = [];
  for (const a of toc.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) {
    const heading = document.getElementById(decodeURIComponent(a.hash.slice(1)));
    if (heading) entries.push([heading, a]);
  }
  if (entries.length === 0) return;
  let current: HTMLAnchorElement | undefined;
  let queued = false;
  const update = () => {
    queued = false;
    if (getComputedStyle(toc).display === 'none') return;
    let found: HTMLAnchorElement | undefined;
    for (const [heading, a] of entries) {
      if (heading.getBoundingClientRect().top > window.innerHeight / 3) break;
      found = a;
    }
    if (found === current) return;
    current?.removeAttribute('aria-current');
    found?.setAttribute('aria-current', 'location');
    current = found;
  };
  const queue = () => {
    if (!queued) requestAnimationFrame(update);
    queued = true;
  };
  window.addEventListener('scroll', queue, { passive: true });
  window.addEventListener('resize', queue, { passive: true });
  queue();
}

/** The build wrote its own year; a page read in a later year says the reader's year. */
function footerYear(): void {
  const year = String(new Date().getFullYear());
  for (const el of document.querySelectorAll('[data-year]')) if (el.textContent !== year) el.textContent = year;
}

/**
 * Prefetches internal pages the reader may open next: on hover or focus, and when a link comes
 * within 200 px of the viewport (SPEC §2). Sidebar links only on hover (a sidebar holds dozens).
 */
function prefetchLinks(): void {
  const done = new Set<string>([location.pathname]);
  const prefetch = (a: HTMLAnchorElement) => {
    if (a.origin !== location.origin || a.target === '_blank' || a.hasAttribute('download')) return;
    const path = a.pathname;
    if (done.has(path) || /\.\w+$/.test(path)) return;
    done.add(path);
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = path;
    document.head.append(link);
  };
  const internal = (el: EventTarget | null) => {
    const a = el instanceof Element ? el.closest('a') : null;
    return a && a.getAttribute('href')?.startsWith('/') ? a : null;
  };
  for (const type of ['mouseover', 'focusin'] as const) {
    document.addEventListener(type, (e) => {
      const a = internal(e.target);
      if (a) prefetch(a);
    });
  }
  if (!('IntersectionObserver' in window)) return;
  const seen = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        seen.unobserve(e.target);
        prefetch(e.target as HTMLAnchorElement);
      }
    },
    { rootMargin: '200px' },
  );
  for (const a of document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) {
    if (!a.closest('.sidebar, .mobile-menu, .site-header, .footer')) seen.observe(a);
  }
}

/**
 * Content that scrolls sideways on a narrow screen (a wide table) takes keyboard focus, so that
 * arrow keys can scroll it (WCAG 2.1.1); content that fits is left out of the tab order.
 */
function focusableScrollers(): void {
  const scrollers = document.querySelectorAll<HTMLElement>('.content table');
  if (scrollers.length === 0) return;
  const update = () => {
    for (const el of scrollers) {
      if (el.scrollWidth > el.clientWidth) el.tabIndex = 0;
      else el.removeAttribute('tabindex');
    }
  };
  update();
  new ResizeObserver(update).observe(document.documentElement);
}

export function startShell(): void {
  const header = document.querySelector<HTMLElement>('[data-site-header]');
  if (header) hideOnScroll(header);
  mobileMenu();
  sidebarDrawer();
  for (const wrap of document.querySelectorAll<HTMLElement>('.sidebar-wrap')) revealActiveItem(wrap);
  versionSelectors();
  pageTocSpy();
  footerYear();
  prefetchLinks();
  focusableScrollers();
}
