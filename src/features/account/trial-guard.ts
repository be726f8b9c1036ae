// Which signed-in pages an owner with an expired trial may still open (doc 1 §4).

/** /upgrade, /account and the /admin prefix; public pages, /faq and home are outside the signed-in tree. */
export function allowedWithExpiredTrial(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === '/upgrade' || path === '/account' || path === '/faq' || path === '/' || path === '/admin' || path.startsWith('/admin/');
}
