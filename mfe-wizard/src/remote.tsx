import { defineRemote } from '@sniff/shell-sdk';
import { sharedDataApi } from '@sniff/shell-sdk/shared-data';
import declaration from './declaration';
import { wizardApi } from './shared/api';
import { CreateStorePage } from './features/wizard/CreateStorePage';
import '@sniff/ui/remote.css';
import './styles.css';

export default defineRemote({
  declaration,
  pages: { 'create-store': CreateStorePage },
  apis: [sharedDataApi, wizardApi],
});
