import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';

export interface Navigation {
  pathname: string;
  navigate(to: string, options?: { replace?: boolean }): void;
}

export const NavigationContext = createContext<Navigation>({
  pathname: '/',
  navigate: (to) => {
    window.location.assign(to);
  },
});

export function useNavigation(): Navigation {
  return useContext(NavigationContext);
}

/** An internal link: a real <a href> (works without JavaScript) that navigates in-app when it can. */
export function Link({ href, onClick, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const { navigate } = useNavigation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    navigate(href);
  };
  // eslint-disable-next-line jsx-a11y/anchor-has-content -- the children arrive in props, from the caller
  return <a href={href} onClick={handleClick} {...props} />;
}
