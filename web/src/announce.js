// A polite live region for screen readers: the page says what changed, once,
// in words (force closure reached or lost, a scene loaded, a lesson step),
// instead of the panels announcing every frame.
export function createAnnouncer(doc = document) {
  const region = doc.createElement('div');
  region.id = 'announcer';
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.className = 'visually-hidden';
  doc.body.appendChild(region);
  let lastClosure = null;
  return {
    say(text) {
      // A changed text is what assistive technology reads; clear first so a
      // repeated message is read again.
      region.textContent = '';
      region.textContent = text;
    },
    // Called with each frame's grasp metrics (or null): announces closure
    // reached or lost, not every frame.
    grasp(g) {
      const closure = g ? g.forceClosure : null;
      if (closure === lastClosure) return;
      if (closure === true) this.say(`force closure reached, epsilon ${g.epsilonL1.toFixed(3)}, ${g.contacts} contacts`);
      else if (closure === false && lastClosure === true) this.say(`force closure lost, ${g.contacts} contacts`);
      lastClosure = closure;
    },
    reset() { lastClosure = null; },
    text: () => region.textContent,
  };
}
