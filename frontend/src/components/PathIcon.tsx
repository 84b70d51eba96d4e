/**
 * A decorative icon drawn from one SVG path (Material icons' 24 × 24 paths), without MUI's
 * SvgIcon: the pages strangers load first (the landing page, the share page) show icons before
 * MUI is loaded, or without it. Hidden from screen readers; sized and coloured by `className`.
 */
export function PathIcon({ path, className }: { path: string; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}
