// A remote's standalone page has no shell to provide the federation runtime its build leaves out
// (see runtime-for-remotes.js): this script, a build of its own loaded before the page's, does.
import { provideRuntimeToRemotes } from './runtime-for-remotes';

provideRuntimeToRemotes();
