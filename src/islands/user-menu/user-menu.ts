import { enhancer } from '#lib/client/enhance/enhancer.ts';
import { disclosureMenu } from '#lib/client/disclosure-menu.ts';
import { signOut } from '#lib/client/sign-out.ts';

/**
 * The signed-in user's menu's island (components/UserMenu.astro renders it: a `<details>` with a plain sign-out
 * form that works without JavaScript): engaged, it adds the menu keys and closing on an outside press, and Sign
 * out becomes POST /v2/users/@me/logout followed by loading the page again.
 */
export default enhancer((root) => {
  const details = root.querySelector('details');
  if (details) disclosureMenu(details);
  const form = root.querySelector('form');
  const button = form?.querySelector('button');
  form?.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button) button.disabled = true;
    void signOut().then((left) => {
      if (!left && button) button.disabled = false;
    });
  });
});
