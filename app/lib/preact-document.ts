import { type ComponentChildren, Fragment, options, type VNode } from 'preact';

/**
 * Lets Preact hydrate the whole document, as React Router's root layout renders it (`<html>` with
 * `<head>` and `<body>`). Preact 11 hydrates a document into its `<html>` element, whose children are
 * `<head>` and `<body>`, so a rendered `<html>` finds nothing to match and Preact adds a second page
 * inside the first. In the browser the `<html>` element is therefore rendered as a fragment: its
 * children land on the real `<head>` and `<body>`, and its attributes (`lang`) stay as the server
 * wrote them. The server renders with React and is not concerned (docs/decisions/0016-first-load-javascript.md).
 *
 * Preact pairs server elements with rendered ones by tag name alone and never corrects attributes
 * while hydrating. React's server hoists the `<link rel="modulepreload">` that `<Scripts>` writes
 * into `<head>`, before the stylesheet links; the browser render has no such elements, so its
 * stylesheet links would be paired with them and the real stylesheets removed. They have done their
 * work once this module runs (the browser fetched every module it imports), so they go first.
 */
export function hydrateDocumentWithPreact(): void {
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    if (vnode.type === 'html') {
      const { children } = vnode.props as { children?: ComponentChildren };
      vnode.type = Fragment;
      vnode.props = { children };
    }
    previous?.(vnode);
  };
}
