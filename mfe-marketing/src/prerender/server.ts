// Entry of the Node build that pre-renders the public site (see webpack.config.js): the shell's
// design tokens and everything the remote imports, so the extracted CSS is what the page needs.
import '@sniff/ui/tokens.css';

export { buildSite } from './site';
