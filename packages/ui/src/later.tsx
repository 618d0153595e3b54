// A part of a page whose code loads once the part is first drawn, not with the page: what the
// first paint does not need (a panel below the fold, a bar only staff use) stays out of the
// first download. Drawn before its code is there, it shows `waiting`; if its code cannot be
// fetched it says so, and a later drawing tries again.
import type { ComponentChildren, ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

const NOT_LOADED = 'This part of the page could not be loaded. Reload the page to try again.';

export function later<P extends object>(
  load: () => Promise<ComponentType<P>>,
  waiting: () => ComponentChildren = () => null,
): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  return function Later(props: P) {
    const [Part, setPart] = useState<ComponentType<P> | null>(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (Part) return undefined;
      let drawn = true;
      (loading ??= load()).then(
        (part) => {
          loaded = part;
          if (drawn) setPart(() => part);
        },
        () => {
          loading = null;
          if (drawn) setFailed(true);
        },
      );
      return () => void (drawn = false);
    }, []);
    if (Part) return <Part {...props} />;
    return failed ? (
      <p class="muted" role="alert">
        {NOT_LOADED}
      </p>
    ) : (
      <>{waiting()}</>
    );
  };
}
