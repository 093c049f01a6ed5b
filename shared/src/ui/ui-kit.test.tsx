import { act, fireEvent } from '@testing-library/react';
import { useState } from 'react';
import { renderApp, screen, waitFor, within } from '../testing';
import { clampPage, pageCount } from './pagination';
import { Button, LazyImage, Select, UI, UsageMeter } from './index';
import { Modal } from './widgets';

test('pagination clamps between 1 and the page count, which is at least 1', () => {
  expect(pageCount(0, 10)).toBe(1);
  expect(pageCount(21, 10)).toBe(3);
  expect(clampPage(0, 3)).toBe(1);
  expect(clampPage(7, 3)).toBe(3);
  expect(clampPage(2, 0)).toBe(1);
  expect(clampPage(Number.NaN, 3)).toBe(1);
});

test('the SPEC §9 constants', () => {
  expect(UI).toMatchObject({
    lazyImageThreshold: 0.1,
    lazyImageMinHeightPx: 120,
    lazyImageSpinnerPx: 60,
    notificationMs: 5000,
    selectDebounceMs: 500,
    modalTransitionMs: 300,
  });
  expect(UI.iconPx).toEqual({ xs: 18, sm: 24, md: 32, lg: 38, xl: 46 });
  expect(UI.buttonIconPx).toEqual({ sm: 20, md: 20, lg: 24 });
});

function ModalHarness({ kind }: { kind: 'success' | 'error' | 'confirm' }) {
  const [open, setOpen] = useState(true);
  return (
    <Modal open={open} onClose={() => setOpen(false)} title="Title" kind={kind}>
      body
    </Modal>
  );
}

test.each([
  ['success', ['Submit']],
  ['error', ['Cancel']],
  ['confirm', ['Cancel', 'Submit']],
] as const)('a %s modal has the footer buttons %j with translated default texts', async (kind, buttons) => {
  renderApp(<ModalHarness kind={kind} />);
  const dialog = await screen.findByRole(kind === 'confirm' ? 'alertdialog' : 'dialog');
  const footer = within(dialog)
    .getAllByRole('button')
    .map((b) => b.textContent)
    .filter(Boolean);
  expect(footer).toEqual(buttons);
});

test('modal default texts follow the language', async () => {
  renderApp(<ModalHarness kind="confirm" />, { language: 'ja' });
  expect(await screen.findByRole('button', { name: 'キャンセル' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '送信' })).toBeInTheDocument();
});

test('a modal opens from its opener, leaves the page when closed with focus back on the opener, and opens again', async () => {
  function Opener() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen(true)}>Open</button>
        <Modal open={open} onClose={() => setOpen(false)} title="Rename" kind="confirm">
          <p>Rename the video</p>
        </Modal>
      </>
    );
  }
  const { user } = renderApp(<Opener />);
  expect(screen.queryByText('Rename the video')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Rename' });
  expect(within(dialog).getByText('Rename the video')).toBeVisible();

  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(document.querySelector('[data-scope="dialog"]')).toBeNull());
  expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();

  await user.click(screen.getByRole('button', { name: 'Open' }));
  expect(await screen.findByRole('alertdialog', { name: 'Rename' })).toBeInTheDocument();
});

test('a usage meter is a progress bar named by its allowance, with how much is used, drawn full when used up', () => {
  renderApp(
    <>
      <UsageMeter label="Video minutes" text="3 of 10 used" used={3} total={10} />
      <UsageMeter label="Avatars" text="12 of 10 used" used={12} total={10} />
    </>,
  );
  const part = screen.getByRole('progressbar', { name: 'Video minutes' });
  expect(part).toHaveAttribute('aria-valuenow', '3');
  expect(part).toHaveAttribute('aria-valuemax', '10');
  expect(screen.getByText('3 of 10 used')).toBeVisible();
  expect(getComputedStyle(part.firstElementChild!).width).toBe('30%');
  const full = screen.getByRole('progressbar', { name: 'Avatars' });
  expect(full).toHaveAttribute('aria-valuenow', '10');
  expect(getComputedStyle(full.firstElementChild!).width).toBe('100%');
});

test('buttons carry icons at 20 px (sm, md) and 24 px (lg)', () => {
  renderApp(
    <>
      <Button size="sm" icon={<svg />}>
        small
      </Button>
      <Button size="lg" icon={<svg />}>
        large
      </Button>
    </>,
  );
  const iconBox = (name: string) => screen.getByRole('button', { name }).querySelector('span[aria-hidden]') as HTMLElement;
  expect(iconBox('small').style.width).toBe('20px');
  expect(iconBox('large').style.width).toBe('24px');
});

test('select search text arrives 500 ms after typing stops', () => {
  jest.useFakeTimers();
  const onSearch = jest.fn();
  renderApp(<Select options={[{ value: 'a', label: 'A' }]} onSearch={onSearch} searchPlaceholder="search" aria-label="pick" />);
  fireEvent.change(screen.getByPlaceholderText('search'), { target: { value: 'ab' } });
  act(() => jest.advanceTimersByTime(499));
  expect(onSearch).not.toHaveBeenCalledWith('ab');
  act(() => jest.advanceTimersByTime(1));
  expect(onSearch).toHaveBeenCalledWith('ab');
  jest.useRealTimers();
});

describe('LazyImage', () => {
  let observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; disconnected: boolean }[];
  beforeEach(() => {
    observers = [];
    globalThis.IntersectionObserver = class {
      record: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.record = { callback, options, disconnected: false };
        observers.push(this.record);
      }
      observe() {}
      disconnect() {
        this.record.disconnected = true;
      }
    } as unknown as typeof IntersectionObserver;
  });

  test('waits until 10 % is visible, then loads; landscape images cover', async () => {
    const load = jest.fn(async () => 'blob:preview');
    renderApp(<LazyImage src={load} alt="preview" />);
    expect(observers[0]!.options?.threshold).toBe(0.1);
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByRole('status', { name: 'preview' })).toBeInTheDocument();
    await act(async () => observers[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    // Hidden until it has loaded, so found by its alt text rather than its role.
    const img = await screen.findByAltText('preview');
    Object.defineProperty(img, 'naturalWidth', { value: 1600 });
    Object.defineProperty(img, 'naturalHeight', { value: 900 });
    fireEvent.load(img);
    expect(img.style.objectFit).toBe('cover');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('a pending load is aborted when the image is removed', async () => {
    let signal: AbortSignal | undefined;
    const { unmount } = renderApp(<LazyImage src={(s) => ((signal = s), new Promise<string>(() => {}))} alt="x" />);
    await act(async () => observers[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
  });
});
