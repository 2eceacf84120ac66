/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createSniffStore, createStubPlatform, registerPlatform } from '@sniff/shell-sdk';
import { installFakeApi, type Reply } from '@sniff/shell-sdk/testing';
import { dashboardApis } from '../auth/shellApi';
import { CLOSE_AFTER_SENT_MS, FAILED_TEXT, FeedbackButton, feedbackMailto, SENT_TEXT } from './FeedbackButton';

function show(reply: () => Reply | Promise<Reply>) {
  const { store, inject } = createSniffStore();
  dashboardApis.forEach(inject);
  const calls = installFakeApi({ 'feedback/feedback/send': reply });
  act(() => registerPlatform(createStubPlatform(inject, '')));
  render(
    <Provider store={store}>
      <FeedbackButton />
    </Provider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
  const panel = screen.getByRole('dialog', { name: 'Send Feedback' });
  return { calls, panel, text: within(panel).getByLabelText('Your feedback') };
}

afterEach(() => jest.useRealTimers());

test('Send stays disabled for empty or blank text, and nothing is sent', () => {
  const { calls, panel, text } = show(() => ({ body: { id: '1', status: 'sent' } }));
  const send = within(panel).getByRole('button', { name: 'Send' }) as HTMLButtonElement;
  expect(send.disabled).toBe(true);
  fireEvent.change(text, { target: { value: '   \n ' } });
  expect(send.disabled).toBe(true);
  fireEvent.click(send);
  expect(calls).toHaveLength(0);
});

test('counts the characters, and feedback over 5,000 says how much too long it is instead of failing to send', () => {
  const { calls, panel, text } = show(() => ({ body: { id: '1', status: 'sent' } }));
  const send = within(panel).getByRole('button', { name: 'Send' }) as HTMLButtonElement;
  expect(within(panel).getByText('0 of 5,000 characters')).toBeTruthy();
  fireEvent.change(text, { target: { value: `  ${'a'.repeat(5000)}  ` } });
  expect(within(panel).getByText('5,000 of 5,000 characters')).toBeTruthy();
  expect(send.disabled).toBe(false);
  fireEvent.change(text, { target: { value: 'a'.repeat(5012) } });
  expect(within(panel).getByText('Your feedback is 12 characters too long: at most 5,000.')).toBeTruthy();
  expect(text.getAttribute('aria-invalid')).toBe('true');
  expect(send.disabled).toBe(true);
  fireEvent.click(send);
  expect(calls).toHaveLength(0);
  expect(within(panel).queryByText(FAILED_TEXT)).toBeNull();
});

test('sends the text with the page and the support copy, says so, then closes and clears after 2 seconds', async () => {
  let answer: (r: Reply) => void = () => undefined;
  const { calls, panel, text } = show(() => new Promise<Reply>((r) => (answer = r)));
  fireEvent.change(text, { target: { value: '  Love the preview  ' } });
  fireEvent.click(within(panel).getByLabelText(/Copy the support team/));
  fireEvent.click(within(panel).getByRole('button', { name: 'Send' }));
  expect(await within(panel).findByRole('button', { name: 'Sending...' })).toBeTruthy();
  jest.useFakeTimers();
  await act(async () => answer({ body: { id: '1', status: 'sent' } }));
  expect(within(panel).getByText(SENT_TEXT)).toBeTruthy();
  expect(within(panel).queryByRole('button', { name: /Send/ })).toBeNull(); // hidden once a status shows
  expect(calls[0]!.body).toMatchObject({ text: 'Love the preview', copySupport: true, page: '/' });
  act(() => jest.advanceTimersByTime(CLOSE_AFTER_SENT_MS));
  expect(screen.queryByRole('dialog')).toBeNull();
  jest.useRealTimers();
  fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
  expect((screen.getByLabelText('Your feedback') as HTMLTextAreaElement).value).toBe('');
});

test('a failure offers the e-mail client with the text prefilled', async () => {
  const { panel, text } = show(() => ({
    status: 503,
    body: { statusCode: 503, error: 'Service Unavailable', message: 'down' },
  }));
  fireEvent.change(text, { target: { value: 'Where is my invoice?' } });
  fireEvent.click(within(panel).getByRole('button', { name: 'Send' }));
  expect(await within(panel).findByText(FAILED_TEXT)).toBeTruthy();
  expect(within(panel).getByRole('button', { name: 'Open Email Client' })).toBeTruthy();
  await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Send' })).toBeNull());
});

test('the fallback mail goes to the feedback mailbox, support copied when ticked', () => {
  const url = new URL(feedbackMailto('Hello there', 'owner@example.com', true));
  expect(url.pathname).toBe('feedback@sniff.dev');
  expect(url.searchParams.get('cc')).toBe('support@sniff.dev');
  expect(url.searchParams.get('body')).toContain('Hello there');
  expect(feedbackMailto('x', 'o@e.com', false)).not.toContain('cc=');
});
