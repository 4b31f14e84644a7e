import { createElement, forwardRef, type ReactElement, type SVGProps } from 'react';

interface IconProps extends SVGProps<SVGSVGElement> {
  color?: string;
  size?: string | number;
  title?: string | null;
}

/**
 * What each react-bootstrap-icons component does, written once: the build (vite-plugins/lean-icons.ts) rewrites
 * every icon module of that package into a call of this with the icon's own shapes, so that an icon costs its
 * path data only. Same props, same markup.
 */
export function bootstrapIcon(iconClass: string, shapes: () => ReactElement[]) {
  return forwardRef<SVGSVGElement, IconProps>(function BootstrapIcon(
    { color = 'currentColor', size = '1em', title = null, className = '', ...rest },
    ref,
  ) {
    return createElement(
      'svg',
      {
        ref,
        xmlns: 'http://www.w3.org/2000/svg',
        viewBox: '0 0 16 16',
        width: size,
        height: size,
        fill: color,
        className: ['bi', iconClass, className].filter(Boolean).join(' '),
        ...rest,
      },
      title ? createElement('title', null, title) : null,
      ...shapes(),
    );
  });
}
