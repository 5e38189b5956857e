import { useEffect, useLayoutEffect } from 'react';

// Layout effects do nothing on the server (there is no layout); the plain effect keeps SSR quiet.
export const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;
