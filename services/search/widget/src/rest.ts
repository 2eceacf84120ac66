import { attach } from './attach';
import type { RestScript } from './load-rest';

// The second script (search.<hash>.js): hands searching to the first script that added its tag.
(document.currentScript as RestScript | null)?.sniffAttach?.(attach);
