import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ICON_MODULE = /react-bootstrap-icons[\\/]dist[\\/]icons[\\/][^\\/]+\.js$/;
const FACTORY = fileURLToPath(new URL('../src/lib/bootstrap-icon.ts', import.meta.url));

/**
 * Each react-bootstrap-icons module carries its own copy of Babel's helpers, a forwardRef wrapper and propTypes
 * (which React 19 ignores): about 1 KB of each icon is that, not its shape, and an icon shared by several pages
 * lands in a chunk of its own where gzip cannot share it. This rewrites each icon module into one call of
 * src/lib/bootstrap-icon.ts with the icon's shapes, leaving the same props and markup. A module that does not
 * have the expected form is left as it is.
 */
export function leanIcons(): Plugin {
  return {
    name: 'hep-lean-icons',
    enforce: 'pre',
    transform: {
      filter: { id: ICON_MODULE },
      handler(code) {
        const iconClass = /className: \['bi', '(bi-[\w-]+)', className\]/.exec(code)?.[1];
        const titleEnd = code.indexOf('React.createElement("title", null, title) : null, ');
        const shapesEnd = code.lastIndexOf('));\n});');
        if (!iconClass || titleEnd < 0 || shapesEnd < titleEnd || !code.includes('viewBox: "0 0 16 16"'))
          return null;
        const shapes = code.slice(
          titleEnd + 'React.createElement("title", null, title) : null, '.length,
          shapesEnd + 1,
        );
        return {
          code: [
            `import React from 'react';`,
            `import { bootstrapIcon } from ${JSON.stringify(FACTORY)};`,
            `export default bootstrapIcon(${JSON.stringify(iconClass)}, () => [${shapes}]);`,
          ].join('\n'),
          map: null,
        };
      },
    },
  };
}
