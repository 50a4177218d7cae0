// esbuild bundles the stylesheet the entry point imports into main.css.
declare module '*.css';
