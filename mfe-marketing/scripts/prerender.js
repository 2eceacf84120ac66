#!/usr/bin/env node
// Writes the pre-rendered public site into dist/ (pages/<route>/index.html, 404, sitemap.xml,
// robots.txt, redirects.json, pages.json) from the Node build and the shell's built index.html.
process.env.NODE_ENV ??= 'production';
const { mkdirSync, readFileSync, writeFileSync, existsSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');
const CleanCSS = require('clean-css');

const root = join(__dirname, '..');
const dist = join(root, 'dist');
const template = join(root, '..', 'shell', 'dist', 'index.html');
const bundle = join(dist, '.prerender', 'prerender.js');

for (const [file, how] of [
  [template, 'npm run build -w @sniff/shell'],
  [bundle, 'npm run build -w mfe-marketing'],
]) {
  if (!existsSync(file)) {
    console.error(`prerender: ${relative(process.cwd(), file)} is missing; run \`${how}\` first.`);
    process.exit(1);
  }
}

const started = Date.now();
const { buildSite } = require(bundle);
// Every page carries this stylesheet inline: minified (safe, level-1 transformations only) it is a
// quarter smaller to send and parse.
const minified = new CleanCSS({ level: 1 }).minify(readFileSync(join(dist, '.prerender', 'prerender.css'), 'utf8'));
if (minified.errors.length) {
  console.error(`prerender: the stylesheet could not be minified: ${minified.errors.join('; ')}`);
  process.exit(1);
}
const css = minified.styles;
const { files, manifest } = buildSite({ template: readFileSync(template, 'utf8'), css });
for (const [file, content] of Object.entries(files)) {
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), content);
}
console.log(
  `prerender: ${Object.keys(manifest.routes).length} public pages, 404 page, sitemap and robots.txt in ${Date.now() - started} ms`,
);
