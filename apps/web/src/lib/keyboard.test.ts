import { afterEach, describe, expect, it } from 'vitest';
import { isTypingTarget, resolveShortcut } from './keyboard.ts';
import type { ShortcutHandlers } from './keyboard.ts';

const handlers: ShortcutHandlers = { j: () => {}, k: () => {}, '/': () => {}, '?': () => {} };

function keyEvent(key: string, target: EventTarget | null, modifiers: Partial<KeyboardEvent> = {}) {
  return {
    key,
    target,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    defaultPrevented: false,
    ...modifiers,
  };
}

function mount<T extends HTMLElement>(element: T): T {
  document.body.append(element);
  return element;
}

describe('keyboard shortcuts', () => {
  afterEach(() => document.body.replaceChildren());

  it('fires on the page and on buttons and links', () => {
    expect(resolveShortcut(keyEvent('j', document.body), handlers)).toBe('j');
    expect(resolveShortcut(keyEvent('k', mount(document.createElement('button'))), handlers)).toBe(
      'k',
    );
    expect(resolveShortcut(keyEvent('?', mount(document.createElement('a'))), handlers)).toBe('?');
  });

  it('never fires while the user types', () => {
    const input = mount(document.createElement('input'));
    const textarea = mount(document.createElement('textarea'));
    const editable = mount(document.createElement('div'));
    editable.contentEditable = 'true';
    const search = mount(document.createElement('input'));
    search.type = 'search';
    for (const target of [input, textarea, search, mount(document.createElement('select'))]) {
      expect(isTypingTarget(target)).toBe(true);
      expect(resolveShortcut(keyEvent('j', target), handlers)).toBeNull();
      expect(resolveShortcut(keyEvent('/', target), handlers)).toBeNull();
    }
    // jsdom has no isContentEditable; the role says the same for custom editors.
    editable.setAttribute('role', 'textbox');
    expect(isTypingTarget(editable)).toBe(true);
  });

  it('fires on checkboxes, which take no text', () => {
    const checkbox = mount(document.createElement('input'));
    checkbox.type = 'checkbox';
    expect(isTypingTarget(checkbox)).toBe(false);
    expect(resolveShortcut(keyEvent('j', checkbox), handlers)).toBe('j');
  });

  it('leaves modified keys and unknown keys alone', () => {
    expect(resolveShortcut(keyEvent('j', document.body, { ctrlKey: true }), handlers)).toBeNull();
    expect(resolveShortcut(keyEvent('j', document.body, { metaKey: true }), handlers)).toBeNull();
    expect(
      resolveShortcut(keyEvent('j', document.body, { defaultPrevented: true }), handlers),
    ).toBeNull();
    expect(resolveShortcut(keyEvent('z', document.body), handlers)).toBeNull();
    expect(resolveShortcut(keyEvent('toString', document.body), handlers)).toBeNull();
  });

  it('stays quiet inside dialogs', () => {
    const dialog = mount(document.createElement('div'));
    dialog.setAttribute('role', 'dialog');
    const button = document.createElement('button');
    dialog.append(button);
    expect(resolveShortcut(keyEvent('j', button), handlers)).toBeNull();
  });
});
