import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { BrandLogo } from '../../../components/BrandLogo';
import { Icon } from './Icon';
import { PromoBanner } from './PromoBanner';
import styles from './landing.module.css';

const NAV_LINKS = [
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#demo', label: 'Live Demo' },
] as const;

/**
 * Promo banner and header, kept together at the top of the screen while scrolling. `actions`
 * are the account buttons, which the page supplies. Under the spec's 768 px breakpoint the
 * section links and the account buttons move behind a menu button (landing.module.css): a
 * disclosure that Escape, a tap outside and a chosen section close.
 */
export function LandingHeader({ actions }: { actions?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const header = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      const page = header.current;
      // A dialog opened from the menu hides the page (aria-hidden); using it keeps the menu.
      if (!page || page.contains(event.target as Node) || page.closest('[aria-hidden="true"]')) {
        return;
      }
      setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <header ref={header} className={styles.header} onKeyDown={closeOnEscape}>
      <PromoBanner />
      <div className={styles.container}>
        <div className={styles.toolbar}>
          <BrandLogo />
          <button
            ref={toggle}
            type="button"
            className={`${styles.button} ${styles.menuButton}`}
            aria-label="Menu"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((shown) => !shown)}
          >
            <Icon name={open ? 'close' : 'menu'} />
          </button>
          <div id={menuId} className={styles.menu} data-open={open || undefined}>
            <nav aria-label="Main">
              <ul className={styles.navList}>
                {NAV_LINKS.map((link) => (
                  <li key={link.href}>
                    <a
                      href={link.href}
                      className={`${styles.button} ${styles.navLink}`}
                      onClick={() => setOpen(false)}
                    >
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            {actions && <div className={styles.headerActions}>{actions}</div>}
          </div>
        </div>
      </div>
    </header>
  );
}
