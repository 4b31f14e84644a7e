import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vite';
import webConfig from '../../apps/web/vite.config.ts';

// Built exactly as the web app is (same Vite, plugins, minification and chunking), from its own root.
export default mergeConfig(webConfig, {
  root: fileURLToPath(new URL('.', import.meta.url)),
  server: { proxy: {} },
});
