// What the remotes' builds use of the federation runtime (@module-federation/runtime-core), which they
// leave out (experiments.externalRuntime) and read from the global _FEDERATION_RUNTIME_CORE instead:
// about 13 kB compressed less on every remote page. The shell provides it (provide-runtime-plugin.js),
// a standalone page its own first script (standalone-runtime.js). Only these names, not the module's
// namespace: that would keep all of the runtime in the shell's entry (9 kB more on every page).
// runtime-for-remotes.test.js builds a remote and fails when it reads a name missing here.
import {
  CurrentGlobal,
  Global,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

export const runtimeForRemotes = {
  CurrentGlobal,
  Global,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
};

/** Makes the runtime the global the remotes' builds read (the first provider wins). */
export function provideRuntimeToRemotes() {
  if (!Global._FEDERATION_RUNTIME_CORE) Global._FEDERATION_RUNTIME_CORE = runtimeForRemotes;
}
