import { defineRemote } from '@sniff/shell-sdk';
import declaration from './declaration';
import { PublicSite } from './app/PublicSite';
import './styles.css';

export default defineRemote({ declaration, pages: { public: PublicSite } });
