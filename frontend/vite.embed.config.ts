import { defaultClientConditions, defineConfig } from 'vite';

// /embed.js: the script contractors paste on their own sites. One small classic script (IIFE),
// no framework, for older browsers too; written next to the app's build in dist/ (run after
// the app build, which empties dist/). The backend serves it with a 5-minute cache.
export default defineConfig({
  publicDir: false,
  // domain/ is consumed as TypeScript source, as in the app build.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2019',
    minify: true,
    sourcemap: false,
    reportCompressedSize: true,
    lib: {
      entry: 'src/embed/embed.ts',
      formats: ['iife'],
      name: 'RafterEmbedScript',
      fileName: () => 'embed.js',
    },
  },
});
