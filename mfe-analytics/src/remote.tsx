import { defineRemote } from '@sniff/shell-sdk';
import { sharedDataApi } from '@sniff/shell-sdk/shared-data';
import declaration from './declaration';
import { analyticsApi } from './shared/api';
import { AnalyticsPage } from './features/analytics/AnalyticsPage';
import '@sniff/ui/remote.css';
import './styles.css';

export default defineRemote({ declaration, pages: { analytics: AnalyticsPage }, apis: [sharedDataApi, analyticsApi] });
