// Small boards for the solution gallery and the symmetry panel: one SVG each, with a single
// path for all dark squares, so that dozens of them stay cheap to draw.

const SVG = 'http://www.w3.org/2000/svg';

function svgElement(name, attributes) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

/** An SVG drawing of a solution given as its column list (columns[row] = col). */
export function miniBoard(columns) {
  const n = columns.length;
  const svg = svgElement('svg', {
    viewBox: `0 0 ${n} ${n}`,
    class: 'mini-board',
    role: 'img',
    'aria-label': `board with queens in columns ${columns.join(', ')}`,
  });
  svg.append(svgElement('rect', { width: n, height: n, class: 'mini-light' }));
  let dark = '';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if ((r + c) % 2) dark += `M${c} ${r}h1v1h-1z`;
  }
  if (dark) svg.append(svgElement('path', { d: dark, class: 'mini-dark' }));
  columns.forEach((c, r) => {
    svg.append(svgElement('circle', { cx: c + 0.5, cy: r + 0.5, r: 0.34, class: 'mini-queen' }));
  });
  return svg;
}

/** A <figure> holding a mini board and a caption. */
export function miniCard(columns, caption, className = 'mini-card') {
  const figure = document.createElement('figure');
  figure.className = className;
  const text = document.createElement('figcaption');
  text.textContent = caption;
  figure.append(miniBoard(columns), text);
  return figure;
}
