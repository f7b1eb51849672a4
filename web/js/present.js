// Presenting mode (the Present button, P, or ?present=1): the view on show, alone and sized for
// a room: on Watch the board with the panels the presenter chose (the code and the tree unless
// told otherwise), on the other views their content in larger type; → ← and a clicker's
// PageDown / PageUp step, Escape ends it. The steps still to come stay hidden, as they are
// everywhere unless asked for.

import { DEFAULT_PANELS, PANELS } from './link.js';

const LABELS = { code: 'code', tree: 'tree', log: 'what happened', counters: 'counters', masks: 'masks (bitmask)', gallery: 'solutions' };

export class Presenting {
  /** `onChange()` runs after every change of mode or panels. */
  constructor({ onChange }) {
    Object.assign(this, { onChange });
    this.on = false;
    this.button = document.getElementById('present');
    this.menu = document.getElementById('present-menu');
    this.choices = document.getElementById('present-panels');
    this.panels = new Set(DEFAULT_PANELS);
    this.boxes = PANELS.map((name) => {
      const label = document.createElement('label');
      const box = Object.assign(document.createElement('input'), { type: 'checkbox', value: name });
      box.addEventListener('change', () => this.#choose(name, box.checked));
      label.append(box, ` ${LABELS[name]}`);
      this.choices.append(label);
      return box;
    });
    this.button.addEventListener('click', () => (this.on ? this.stop() : this.start()));
  }

  /** Starts presenting the view on show, with the given panels (or the ones chosen before). */
  start(panels = null) {
    if (panels) this.panels = new Set(panels);
    this.on = true;
    this.#apply();
  }

  stop() {
    this.on = false;
    this.#apply();
    this.button.focus();
  }

  /** P starts or ends presenting (Escape, which main.js takes anywhere, ends it); true when it was P. */
  handleKey(key) {
    if (key !== 'p' && key !== 'P') return false;
    if (this.on) this.stop(); else this.start();
    return true;
  }

  /** What the link says of the mode: { present, panels }. */
  linkState() { return { present: this.on, panels: PANELS.filter((p) => this.panels.has(p)) }; }

  #choose(name, on) {
    if (on) this.panels.add(name); else this.panels.delete(name);
    this.#apply();
  }

  #apply() {
    document.documentElement.classList.toggle('presenting', this.on);
    this.button.setAttribute('aria-pressed', String(this.on));
    this.button.textContent = this.on ? 'End presenting' : 'Present';
    this.menu.hidden = !this.on;
    this.boxes.forEach((box) => { box.checked = this.panels.has(box.value); });
    document.querySelectorAll('.workspace [data-panel]').forEach((panel) => {
      panel.classList.toggle('chosen', this.panels.has(panel.dataset.panel));
    });
    document.querySelector('.workspace').dataset.chosen = String(this.panels.size);
    this.onChange();
  }
}
