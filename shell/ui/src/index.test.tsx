/** @jest-environment jsdom */
import { createRef, type ComponentType } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Alert, Button, CopyButton, ErrorPanel, lazyWithSpinner, Spinner, StatusBadge } from './index';

describe('@sniff/ui', () => {
  afterEach(() => {
    jest.useRealTimers();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });

  it('announces a spinner by its label and shows status words on badges', () => {
    render(
      <>
        <Spinner label="Loading stores" />
        <StatusBadge status="running" />
        <StatusBadge status="failed" />
      </>,
    );
    expect(screen.getByRole('status', { name: 'Loading stores' })).toBeTruthy();
    expect(screen.getByText('running')).toBeTruthy();
    expect(screen.getByText('failed')).toBeTruthy();
  });

  it('a deferred component shows its spinner until its chunk arrives, then renders with its props', async () => {
    let arrive: (c: ComponentType<{ name: string }>) => void = () => undefined;
    const Greeting = lazyWithSpinner<{ name: string }>(
      () => new Promise((resolve) => (arrive = resolve)),
      'Loading the greeting',
    );
    render(<Greeting name="Ada" />);
    expect(screen.getByRole('status', { name: 'Loading the greeting' })).toBeTruthy();
    await act(async () => arrive(({ name }) => <p>Hello {name}</p>));
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading the greeting' })).toBeNull();
  });

  it('an error panel is an alert whose Try again button retries', () => {
    const retry = jest.fn();
    render(<ErrorPanel title="Error Loading Stores" message="network down" onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain('network down');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('an alert can be dismissed', () => {
    const dismiss = jest.fn();
    render(
      <Alert kind="success" onDismiss={dismiss}>
        Done
      </Alert>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(dismiss).toHaveBeenCalled();
  });

  it('buttons default to type=button', () => {
    render(<Button variant="danger">Delete</Button>);
    expect(screen.getByRole('button', { name: 'Delete' }).getAttribute('type')).toBe('button');
  });

  it('icon, tile, segment and chip buttons keep their names, pressed state and ref', () => {
    const ref = createRef<HTMLButtonElement>();
    const choose = jest.fn();
    render(
      <>
        <Button variant="icon" aria-label="Open menu" ref={ref}>
          <svg aria-hidden="true" />
        </Button>
        <Button variant="tile" aria-pressed onClick={choose}>
          Custom Website
        </Button>
        <Button variant="segment" aria-pressed={false}>
          Annual
        </Button>
        <Button variant="chip" aria-label="Remove stop word the" disabled>
          ×
        </Button>
      </>,
    );
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Custom Website', pressed: true }));
    expect(choose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Annual', pressed: false })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Remove stop word the' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('copy writes to the clipboard and reads Copied! for two seconds', async () => {
    jest.useFakeTimers();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CopyButton text="<script></script>" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy Code' })));
    expect(writeText).toHaveBeenCalledWith('<script></script>');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: 'Copy Code' })).toBeTruthy();
  });

  it('copy falls back to a hidden textarea without the clipboard API', async () => {
    const exec = jest.fn().mockReturnValue(true);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    render(<CopyButton text="abc" label="Copy" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(exec).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
  });
});
