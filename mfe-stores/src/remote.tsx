import { defineRemote, getPlatform } from '@sniff/shell-sdk';
import { storesApi } from './shared/api';
import { StoresPage } from './features/stores/StoresPage';
import { InstallationGuidePage } from './features/guide/InstallationGuidePage';
import '@sniff/ui/remote.css';
import './styles.css';

getPlatform().inject({
  reducerPath: storesApi.reducerPath,
  reducer: storesApi.reducer,
  middleware: storesApi.middleware,
});

export default defineRemote({
  id: 'mfe-stores',
  pages: { stores: StoresPage, 'installation-guide': InstallationGuidePage },
});
