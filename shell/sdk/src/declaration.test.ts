import { parseRemoteDeclaration, remoteDeclarationSchema } from './declaration';

const valid = {
  id: 'mfe-reports',
  routes: [
    { path: 'reports', title: 'Reports', destination: 'reports.list' },
    { path: 'reports/settings', title: 'Report Settings' },
  ],
  sidebar: [{ route: 'reports', label: 'Reports', icon: 'chart', order: 35, plans: 'paid' }],
  links: ['billing.subscribe'],
};

describe('remote declaration schema', () => {
  it('accepts a declaration with nested routes, a sidebar entry and destinations', () => {
    expect(parseRemoteDeclaration(valid)).toEqual(valid);
  });

  it.each([
    [
      'an absolute path',
      { routes: [{ path: '/reports', title: 'Reports' }] },
      'routes.0.path: must be a relative path',
    ],
    [
      'a sidebar entry for no route',
      { sidebar: [{ ...valid.sidebar[0], route: 'nope' }] },
      'sidebar.0.route: "nope" is not a declared route',
    ],
    ['an icon outside the set', { sidebar: [{ ...valid.sidebar[0], icon: 'rocket' }] }, 'sidebar.0.icon'],
    ['a plan audience it does not know', { sidebar: [{ ...valid.sidebar[0], plans: 'gold' }] }, 'sidebar.0.plans'],
    ['a route declared twice', { routes: [valid.routes[0], valid.routes[0]] }, 'routes.1.path: is declared twice'],
    [
      'a destination named like a URL',
      { links: ['/dashboard/subscribe'] },
      'links.0: must look like "billing.subscribe"',
    ],
    ['a field the schema does not know', { pages: {} }, 'Unrecognized key'],
    ['routes that are not a list', { routes: 'reports' }, 'routes'],
  ])('refuses %s, naming the field', (_what, change, message) => {
    expect(() => parseRemoteDeclaration({ ...valid, ...change })).toThrow(message);
  });

  it('gives the type remotes write their declarations in', () => {
    expect(remoteDeclarationSchema.safeParse({ ...valid, publicSite: true }).success).toBe(true);
  });
});
