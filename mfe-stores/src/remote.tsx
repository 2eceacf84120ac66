import { defineRemote } from '@sniff/shell-sdk';
import { sharedDataApi } from '@sniff/shell-sdk/shared-data';
import declaration from './declaration';
import { storesApi } from './shared/api';
import { StoresPage } from './features/stores/StoresPage';
import { InstallationGuidePage } from './features/guide/InstallationGuidePage';
import '@sniff/ui/remote.css';
import './styles.css';

export default defineRemote({
  declaration,
  pages: { stores: StoresPage, 'installation-guide': InstallationGuidePage },
  apis: [sharedDataApi, storesApi],
});
