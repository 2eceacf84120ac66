import { defineRemote } from '@sniff/shell-sdk';
import { PlansPage } from './features/plans/PlansPage';
import './styles.css';

export default defineRemote({ id: 'mfe-billing', pages: { subscribe: PlansPage } });
