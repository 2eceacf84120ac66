// A federation runtime plugin of the shell: before its runtime starts, it provides the runtime to the
// remotes, whose builds carry none (see runtime-for-remotes.js).
import { provideRuntimeToRemotes } from './runtime-for-remotes';

export default function provideRuntimePlugin() {
  return {
    name: 'sniff-provide-runtime-to-remotes',
    beforeInit(args) {
      provideRuntimeToRemotes();
      return args;
    },
  };
}
