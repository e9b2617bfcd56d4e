import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    // Fonts and icons stay files with hashed names; never inlined into CSS.
    assetsInlineLimit: 0,
  },
});
