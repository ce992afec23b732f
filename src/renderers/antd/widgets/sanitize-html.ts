/** Tags the rich-text editor produces; everything else is unwrapped to its text, attributes are dropped. */
const ALLOWED = new Set(['P', 'BR', 'B', 'STRONG', 'I', 'EM', 'UL', 'OL', 'LI']);
const DROP = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'SVG', 'MATH', 'NOSCRIPT']);

function clean(node: Node, doc: Document): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [doc.createTextNode(node.textContent ?? '')];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const el = node as Element;
  if (DROP.has(el.tagName)) return [];
  const children = [...el.childNodes].flatMap((c) => clean(c, doc));
  // Browsers wrap lines in <div> inside contentEditable; store them as paragraphs.
  const tag = el.tagName === 'DIV' ? 'P' : el.tagName;
  if (!ALLOWED.has(tag)) return children;
  const out = doc.createElement(tag.toLowerCase());
  children.forEach((c) => out.appendChild(c));
  return [out];
}

/**
 * Keeps only bold, italic, paragraphs, line breaks and lists, with no attributes (no `on*`, no `style`, no
 * links), so stored HTML is safe to show again.
 * @example sanitizeHtml('<p onclick="x()">Oi <b>você</b><script>1</script></p>') // '<p>Oi <b>você</b></p>'
 */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = doc.createElement('div');
  [...doc.body.childNodes].flatMap((c) => clean(c, doc)).forEach((c) => out.appendChild(c));
  const result = out.innerHTML.replace(/<p><\/p>|<p><br><\/p>$/g, '');
  return result === '<br>' ? '' : result;
}
