import { defineRemote } from '@sniff/shell-sdk';
import { PublicSite } from './app/PublicSite';
import './styles.css';

export default defineRemote({ id: 'mfe-marketing', pages: { public: PublicSite } });
