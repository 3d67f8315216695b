import type { SVGProps } from 'react';

/**
 * A 24-unit outline icon drawn in the text colour. Decorative (aria-hidden): the button or text beside it
 * names what it is. `size` sets width and height; without it, size it with a class.
 */
export function StrokeIcon({
  size,
  strokeWidth = 2,
  children,
  ...rest
}: { size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      aria-hidden="true"
      {...rest}
    >
      {children}
    </svg>
  );
}
