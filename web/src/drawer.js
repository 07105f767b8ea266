// Phones and narrow windows: the panels (the left column with the lesson
// and grasp cards, the controls, the plots) leave the scene and go into one
// drawer, a bottom sheet opened by the toolbar's "Panels" button, so the
// scene fills the screen and nothing overlaps. Wider than NARROW_PX they
// go back where they were. The toolbar's file and recording buttons move
// into the drawer's first row, so the phone's toolbar keeps to two rows.
const NARROW_PX = 760;
const MOVED = ['left-column', 'controls', 'plots'];
const MOVED_TOOLS = ['share', 'open', 'save', 'params-toggle', 'record', 'png'];

// onChange: called after the panels moved (the page re-places its columns).
export function installDrawer(app, onChange = () => {}) {
  const { $ } = app;
  const drawer = document.createElement('div');
  drawer.id = 'drawer';
  drawer.setAttribute('role', 'region');
  drawer.setAttribute('aria-label', 'Panels');
  drawer.hidden = true;
  document.body.appendChild(drawer);
  const tools = document.createElement('div');
  tools.id = 'drawer-tools';
  tools.setAttribute('role', 'toolbar');
  tools.setAttribute('aria-label', 'Files and recording');
  drawer.appendChild(tools);
  const toggle = $('drawer-toggle');
  const homes = MOVED.map((id) => ({ el: $(id), parent: $(id).parentNode, next: $(id).nextSibling }));
  const toolHomes = MOVED_TOOLS.map((id) => ({ el: $(id), parent: $(id).parentNode, next: $(id).nextSibling }));
  const query = window.matchMedia(`(max-width: ${NARROW_PX}px)`);

  function place() {
    // Between the toolbar and the status bar, whatever their wrapped heights.
    const top = $('toolbar').getBoundingClientRect().bottom + 6;
    const bottom = window.innerHeight - $('status').getBoundingClientRect().top + 6;
    drawer.style.bottom = `${bottom}px`;
    drawer.style.maxHeight = `${Math.max(120, window.innerHeight - top - bottom)}px`;
  }

  function setOpen(open) {
    drawer.hidden = !(open && query.matches);
    toggle.setAttribute('aria-expanded', String(!drawer.hidden));
    toggle.textContent = drawer.hidden ? 'Panels' : 'Close panels';
    if (!drawer.hidden) place();
  }

  function apply() {
    document.body.classList.toggle('narrow', query.matches);
    if (query.matches) {
      for (const h of toolHomes) tools.appendChild(h.el);
      for (const h of homes) drawer.appendChild(h.el);
    } else {
      // Back in reverse order, so that each one's next sibling is home already.
      for (const h of [...homes, ...toolHomes].reverse()) {
        h.parent.insertBefore(h.el, h.next && h.next.parentNode === h.parent ? h.next : null);
      }
      setOpen(false);
    }
    toggle.hidden = !query.matches;
    onChange();
  }

  toggle.addEventListener('click', () => setOpen(drawer.hidden));
  query.addEventListener('change', apply);
  window.addEventListener('resize', () => { if (!drawer.hidden) place(); });
  const observer = new ResizeObserver(() => { if (!drawer.hidden) place(); });
  observer.observe($('status'));
  observer.observe($('toolbar'));  // the toolbar re-wraps when its buttons move
  apply();
  return { open: () => setOpen(true), close: () => setOpen(false), isNarrow: () => query.matches };
}
