import { Box } from '@chakra-ui/react/box';
import { Spinner } from '@chakra-ui/react/spinner';
import { useEffect, useRef, useState } from 'react';
import { UI } from './constants';

export type ImageSource = string | ((signal: AbortSignal) => Promise<string>);

type State = { status: 'waiting' | 'loading' | 'loaded' | 'failed'; url?: string; landscape?: boolean };

/**
 * Starts loading when at least 10 % is visible, shows a 60 px spinner until loaded or failed,
 * covers when landscape and contains otherwise, and aborts a pending load when removed.
 */
export function LazyImage({ src, alt, height }: { src: ImageSource; alt: string; height?: string | number }) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ status: 'waiting' });

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const controller = new AbortController();
    const start = () => {
      setState({ status: 'loading' });
      const resolve = typeof src === 'string' ? Promise.resolve(src) : src(controller.signal);
      resolve.then(
        (url) => !controller.signal.aborted && setState({ status: 'loading', url }),
        (error: Error) => {
          if (controller.signal.aborted) return;
          console.warn('Failed to load asset', error);
          setState({ status: 'failed' });
        },
      );
    };
    if (typeof IntersectionObserver === 'undefined') {
      start();
      return () => controller.abort();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          start();
        }
      },
      { threshold: UI.lazyImageThreshold },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      controller.abort();
    };
  }, [src]);

  return (
    <Box ref={box} position="relative" minH={`${UI.lazyImageMinHeightPx}px`} h={height} w="100%" bg="gray.100" overflow="hidden">
      {state.status !== 'loaded' && state.status !== 'failed' ? (
        <Box position="absolute" inset="0" display="flex" alignItems="center" justifyContent="center">
          <Spinner
            role="status"
            aria-label={alt}
            color="brand.500"
            style={{ width: UI.lazyImageSpinnerPx, height: UI.lazyImageSpinnerPx }}
          />
        </Box>
      ) : null}
      {state.url && state.status !== 'failed' ? (
        <img
          src={state.url}
          alt={alt}
          data-landscape={state.landscape ? 'true' : 'false'}
          onLoad={(event) => {
            const img = event.currentTarget;
            setState((s) => ({ ...s, status: 'loaded', landscape: img.naturalWidth > img.naturalHeight }));
          }}
          onError={() => {
            console.warn('Failed to load asset', state.url);
            setState({ status: 'failed' });
          }}
          style={{
            width: '100%',
            height: '100%',
            position: 'absolute',
            inset: 0,
            objectFit: state.landscape ? 'cover' : 'contain',
            visibility: state.status === 'loaded' ? 'visible' : 'hidden',
          }}
        />
      ) : null}
    </Box>
  );
}
