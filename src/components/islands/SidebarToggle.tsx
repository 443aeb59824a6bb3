import { useEffect, useState } from 'react';

export interface SidebarToggleProps {
  /** id of the sidebar element it opens as a drawer on small screens. */
  target: string;
}

/**
 * Opens the docs sidebar as a full-screen drawer on small screens (SPEC §2). Closed by default;
 * closes on Escape, on a hash change and, naturally, on navigation to another page.
 */
export default function SidebarToggle({ target }: SidebarToggleProps) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    document.getElementById(target)?.classList.toggle('open', open);
    document.body.classList.toggle('drawer-open', open);
  }, [open, target]);

  useEffect(() => {
    const close = () => setOpen(false);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('hashchange', close);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('hashchange', close);
      window.removeEventListener('keydown', onKey);
    };
  }, []);

  return (
    <button type="button" className="sidebar-toggle" aria-controls={target} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
      {open ? 'Close menu' : 'Pages in this section'}
    </button>
  );
}
