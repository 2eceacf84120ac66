import { defineRemote, getPlatform } from '@sniff/shell-sdk';
import { analyticsApi } from './shared/api';
import { AnalyticsPage } from './features/analytics/AnalyticsPage';
import '@sniff/ui/remote.css';
import './styles.css';

getPlatform().inject({
  reducerPath: analyticsApi.reducerPath,
  reducer: analyticsApi.reducer,
  middleware: analyticsApi.middleware,
});

export default defineRemote({ id: 'mfe-analytics', pages: { analytics: AnalyticsPage } });
