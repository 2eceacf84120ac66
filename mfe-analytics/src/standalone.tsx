import { renderStandalone } from '@sniff/shell-sdk';

void renderStandalone(() => import('./remote'));
