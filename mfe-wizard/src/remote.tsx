import { defineRemote, getPlatform } from '@sniff/shell-sdk';
import { wizardApi } from './shared/api';
import { CreateStorePage } from './features/wizard/CreateStorePage';
import '@sniff/ui/remote.css';
import './styles.css';

getPlatform().inject({
  reducerPath: wizardApi.reducerPath,
  reducer: wizardApi.reducer,
  middleware: wizardApi.middleware,
});

export default defineRemote({ id: 'mfe-wizard', pages: { 'create-store': CreateStorePage } });
