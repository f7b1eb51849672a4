// The play and pause buttons' icons, drawn (SVG) rather than written: ⏸ is missing from many
// system fonts, where it shows as an empty box. The icon is decoration; the word says it.

const SHAPES = {
  play: '<path d="M2 1 L9 5 L2 9 Z"/>',
  pause: '<rect x="1.5" y="1" width="2.6" height="8"/><rect x="5.9" y="1" width="2.6" height="8"/>',
};

/** Writes `text` on `button` after the icon `shape` ('play' or 'pause'). */
export function iconLabel(button, shape, text) {
  button.innerHTML = `<svg class="icon" viewBox="0 0 10 10" aria-hidden="true" focusable="false">${SHAPES[shape]}</svg>`;
  button.append(` ${text}`);
}
