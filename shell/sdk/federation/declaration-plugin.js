// Writes a remote's declaration (src/declaration.ts: routes, sidebar entries, destinations; pure
// data) as declaration.json beside its mf-manifest.json, checked by the sdk's zod schema: the shell
// reads every remote's small JSON at start to build the dashboard's routes and sidebar, and fetches
// a remote's code only when one of its pages is shown. A declaration the schema refuses fails the build.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { transformSync } = require('@swc/core');

const NAME = 'RemoteDeclarationPlugin';

/** The declaration module's default export. It is data: it may import types only, nothing that runs. */
function readDeclarationData(file) {
  const { code } = transformSync(fs.readFileSync(file, 'utf8'), {
    filename: file,
    swcrc: false,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  const module = { exports: {} };
  const refuse = (name) => {
    throw new Error(`imports "${name}": a declaration is data and may only import types`);
  };
  vm.runInNewContext(code, { module, exports: module.exports, require: refuse }, { filename: file });
  return module.exports.default;
}

/** The declaration, checked by the sdk's schema (its build: the sdk is built before the front ends). */
function readDeclaration(file) {
  const { parseRemoteDeclaration } = require('../dist/declaration.js');
  return parseRemoteDeclaration(readDeclarationData(file));
}

/** The package a share key belongs to ('@reduxjs/toolkit/query' -> '@reduxjs/toolkit'). */
const packageOf = (key) =>
  key
    .split('/')
    .slice(0, key.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Shared libraries the build consumes from the shell but whose package its package.json does not
 * name (`declared`): the shell could not refuse it when it provides an incompatible version.
 * Workspace packages (@sniff/*) accept the shell's by design.
 */
function unrangedConsumes(compilation, declared) {
  const keys = new Set();
  for (const module of compilation.modules) {
    if (module.constructor.name === 'ConsumeSharedModule') keys.add(module.options.shareKey);
  }
  return [...keys].filter((key) => !key.startsWith('@sniff/') && !declared.includes(packageOf(key))).sort();
}

class RemoteDeclarationPlugin {
  /**
   * @param {string} file the remote's src/declaration.ts
   * @param {Record<string, string>} [requires] the shared libraries' ranges this build needs of the shell
   * @param {string[]} [declared] the packages its package.json names (checked against what it consumes)
   */
  constructor(file, requires, declared) {
    this.file = file;
    this.requires = requires;
    this.declared = declared;
  }

  apply(compiler) {
    const { Compilation, WebpackError, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.fileDependencies.add(this.file);
        if (this.declared) {
          const missing = unrangedConsumes(compilation, this.declared);
          if (missing.length)
            compilation.errors.push(
              new WebpackError(
                `${NAME}: the build uses ${missing.join(', ')} from the shell but package.json names no range for ` +
                  'it: add it to dependencies, so declaration.json requires it and an incompatible shell refuses it.',
              ),
            );
        }
        try {
          const declaration = readDeclaration(this.file);
          const requires = this.requires && consumedRanges(compilation, this.requires);
          const json = JSON.stringify(requires ? { ...declaration, requires } : declaration, null, 2);
          compilation.emitAsset('declaration.json', new sources.RawSource(json));
        } catch (error) {
          compilation.errors.push(new WebpackError(`${path.relative(compiler.context, this.file)}: ${error.message}`));
        }
      });
    });
  }
}

/**
 * Of the ranges the front end's package.json asks for, those of the shared libraries this build consumes
 * from the shell: what it needs of the shell. A package it names but bundles (zod/mini, which the
 * contracts' schemas use, is no share key) or does not use is no requirement on the shell.
 */
function consumedRanges(compilation, ranges) {
  const keys = new Set();
  for (const module of compilation.modules) {
    if (module.constructor.name === 'ConsumeSharedModule') keys.add(module.options.shareKey);
  }
  return Object.fromEntries(Object.entries(ranges).filter(([name]) => keys.has(name)));
}

module.exports = { RemoteDeclarationPlugin, readDeclaration, readDeclarationData, unrangedConsumes };
