/**
 * The Content-Security-Policy nonce of this page (server/plugins/security-headers.ts, read from
 * `<meta property="csp-nonce">`; the browser hides the attribute, the `nonce` property keeps it).
 * antd takes it through `ConfigProvider csp` for its CSS-in-JS. Some of its inner pieces insert a `<style>`
 * into `<head>` without a way to pass it (the scroll lock of modals and drawers, the scrollbar measure of
 * @rc-component/util): those get the page's nonce when they are appended. Only elements appended by script
 * through the DOM API to `<head>` are touched; markup parsed from strings never passes here, so an HTML
 * injection still cannot add a style the policy would accept.
 */
export const CSP_NONCE: string | undefined =
  typeof document === 'undefined' ? undefined : document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;

let installed = false;

export function nonceLibraryStyles(): void {
  if (installed || !CSP_NONCE || typeof Node === 'undefined') return;
  installed = true;
  const nonce = CSP_NONCE;
  const stamp = (parent: Node, node: Node) => {
    if (parent === document.head && node instanceof HTMLStyleElement && !node.nonce) node.nonce = nonce;
  };
  const { appendChild, insertBefore } = Node.prototype;
  Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    stamp(this, node);
    return appendChild.call(this, node) as T;
  };
  Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
    stamp(this, node);
    return insertBefore.call(this, node, child) as T;
  };
}
