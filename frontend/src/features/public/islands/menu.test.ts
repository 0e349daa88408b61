import { afterEach, describe, expect, it } from 'vitest';
import { mountMenu, showDashboardLinks } from './menu';

const HEADER = `
  <header data-island="menu">
    <a href="/login" data-account-link>Log in</a>
    <a href="/register?role=student">Get Started</a>
    <button data-menu-toggle aria-controls="panel" aria-expanded="false">Menu</button>
  </header>
  <div id="panel" hidden><a href="/login" data-account-link>Log in</a></div>`;

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('the header island', () => {
  it('keeps "Log in" for a visitor who is not signed in', () => {
    document.body.innerHTML = HEADER;
    mountMenu(document.querySelector('header')!)();
    const links = [...document.querySelectorAll('a[data-account-link]')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['Log in', '/login'], ['Log in', '/login']]);
  });

  it('turns every "Log in" into the signed-in visitor’s dashboard, leaving the other links alone', () => {
    document.body.innerHTML = HEADER;
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ _id: 'u1', role: 'tutor' }));
    showDashboardLinks(document);
    const links = [...document.querySelectorAll('a[data-account-link]')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['Dashboard', '/tutor/dashboard'], ['Dashboard', '/tutor/dashboard']]);
    expect(document.querySelector('a[href^="/register"]')?.textContent).toBe('Get Started');
  });
});
