import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ElicitationForm } from '../../src/components/ElicitationForm/index.js';
import type { ElicitationState } from '../../src/core/types.js';

type Schema = NonNullable<ElicitationState['requestedSchema']>;

function formRequest(schema: Schema, extra: Partial<ElicitationState> = {}): ElicitationState {
  return {
    requestId: 'e1',
    mode: 'form',
    message: 'Tell me about the deployment',
    sessionId: 's1',
    toolCallId: null,
    scopeRequestId: null,
    requestedSchema: schema,
    url: null,
    elicitationId: null,
    status: 'pending',
    response: null,
    createdAt: 0,
    ...extra,
  };
}

function urlRequest(url: string, extra: Partial<ElicitationState> = {}): ElicitationState {
  return formRequest({}, { mode: 'url', url, elicitationId: 'el-1', requestedSchema: null, message: 'Sign in to GitHub', ...extra });
}

function renderForm(schema: Schema, extra: Partial<ElicitationState> = {}) {
  const onRespond = vi.fn();
  const user = userEvent.setup();
  const utils = render(<ElicitationForm elicitation={formRequest(schema, extra)} onRespond={onRespond} />);
  return { ...utils, onRespond, user };
}

const accept = () => screen.getByRole('button', { name: 'Accept' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ElicitationForm: layout', () => {
  it('is a named region showing the message and the schema title and description', () => {
    renderForm({ title: 'Deployment', description: 'Pick a target', properties: {} });
    const region = screen.getByRole('region', { name: 'The agent needs some information' });
    expect(region).toHaveAttribute('data-status', 'pending');
    expect(within(region).getByText('Tell me about the deployment')).toBeInTheDocument();
    expect(within(region).getByText('Deployment')).toBeInTheDocument();
    expect(within(region).getByText('Pick a target')).toBeInTheDocument();
  });

  it('sends an empty content object for a form without fields', async () => {
    const { onRespond, user } = renderForm({ properties: {} });
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: {} });
  });
});

describe('ElicitationForm: string fields', () => {
  it('renders a text input with the title as label and sends the string', async () => {
    const { onRespond, user } = renderForm({ properties: { name: { type: 'string', title: 'Name', description: 'Your name' } } });
    const input = screen.getByLabelText('Name');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAccessibleDescription('Your name');
    await user.type(input, 'Ada');
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: { name: 'Ada' } });
  });

  it.each([
    ['email', 'email'],
    ['uri', 'url'],
    ['date', 'date'],
    ['date-time', 'datetime-local'],
  ])('uses input type for format %s', (format, type) => {
    renderForm({ properties: { v: { type: 'string', title: 'V', format: format as 'email' } } });
    expect(screen.getByLabelText('V')).toHaveAttribute('type', type);
  });

  it('rejects an invalid email and accepts a valid one', async () => {
    const { onRespond, user } = renderForm({ properties: { mail: { type: 'string', title: 'Email', format: 'email' } } });
    const input = screen.getByLabelText('Email');
    await user.type(input, 'ada@');
    await user.click(accept());
    expect(onRespond).not.toHaveBeenCalled();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Enter an email address/);
    await user.type(input, 'example.com');
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: { mail: 'ada@example.com' } });
  });

  it('rejects a relative uri and accepts an absolute one', async () => {
    const { onRespond, user } = renderForm({ properties: { site: { type: 'string', title: 'Site', format: 'uri' } } });
    const input = screen.getByLabelText('Site');
    await user.type(input, 'example.com');
    await user.click(accept());
    expect(onRespond).not.toHaveBeenCalled();
    expect(screen.getByText(/Enter a full address/)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'https://example.com');
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: { site: 'https://example.com' } });
  });

  it('requires a date and sends the chosen day', () => {
    // Browsers (and jsdom) blank an impossible date in a date input, so in the DOM an invalid date
    // reads as empty; the calendar check itself is covered in ElicitationForm.model.test.
    const { onRespond } = renderForm({ properties: { day: { type: 'string', title: 'Day', format: 'date' } }, required: ['day'] });
    const input = screen.getByLabelText(/Day/);
    fireEvent.change(input, { target: { value: '2023-02-30' } });
    fireEvent.click(accept());
    expect(onRespond).not.toHaveBeenCalled();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(input, { target: { value: '2024-02-29' } });
    fireEvent.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: { day: '2024-02-29' } });
  });

  it('sends date-time as an RFC 3339 string with an offset', async () => {
    const { onRespond } = renderForm({ properties: { at: { type: 'string', title: 'When', format: 'date-time' } } });
    fireEvent.change(screen.getByLabelText('When'), { target: { value: '2026-05-06T07:08' } });
    fireEvent.click(accept());
    const sent = onRespond.mock.calls[0][1].content.at as string;
    expect(sent).toMatch(/^2026-05-06T07:08:00(Z|[+-]\d{2}:\d{2})$/);
    expect(new Date(sent).getTime()).toBe(new Date(2026, 4, 6, 7, 8).getTime());
  });

  it('prefills a date-time default in local time', () => {
    const at = new Date(2026, 0, 2, 3, 4).toISOString();
    renderForm({ properties: { at: { type: 'string', title: 'When', format: 'date-time', default: at } } });
    expect(screen.getByLabelText('When')).toHaveValue('2026-01-02T03:04');
  });

  it('rejects an incomplete required date-time', () => {
    const { onRespond } = renderForm({ properties: { at: { type: 'string', title: 'When', format: 'date-time' } }, required: ['at'] });
    fireEvent.change(screen.getByLabelText(/When/), { target: { value: '2026-02-31T10:00' } });
    fireEvent.click(accept());
    expect(onRespond).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/When/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('counts minLength in code points', async () => {
    const { onRespond, user } = renderForm({ properties: { code: { type: 'string', title: 'Code', minLength: 3 } } });
    const input = screen.getByLabelText('Code');
    expect(input).toHaveAccessibleDescription('At least 3 characters');
    await user.type(input, '😀😀');
    await user.click(accept());
    expect(screen.getByText('Enter at least 3 characters.')).toBeInTheDocument();
    await user.type(input, '😀');
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: { code: '😀😀😀' } });
  });

  it('enforces maxLength', async () => {
    const { onRespond, user } = renderForm({ properties: { tag: { type: 'string', title: 'Tag', maxLength: 2 } } });
    await user.type(screen.getByLabelText('Tag'), 'abc');
    await user.click(accept());
    expect(onRespond).not.toHaveBeenCalled();
    expect(screen.getByText('Enter at most 2 characters.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Tag'), '{Backspace}');
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: { tag: 'ab' } });
  });

  it('enforces pattern', async () => {
    const { onRespond, user } = renderForm({ properties: { ticket: { type: 'string', title: 'Ticket', pattern: '^[A-Z]+-\\d+$' } } });
    const input = screen.getByLabelText('Ticket');
    await user.type(input, 'abc');
    await user.click(accept());
    expect(screen.getByText('The value does not have the expected format.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'ACP-12');
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: { ticket: 'ACP-12' } });
  });

  it('survives an invalid pattern from the agent', async () => {
    const { onRespond, user } = renderForm({ properties: { x: { type: 'string', title: 'X', pattern: '([' } } });
    await user.type(screen.getByLabelText('X'), 'fine');
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: { x: 'fine' } });
  });
});

describe('ElicitationForm: numbers', () => {
  it('sends a number as a number within inclusive bounds', async () => {
    const { onRespond, user } = renderForm({ properties: { t: { type: 'number', title: 'Temperature', minimum: 0, maximum: 1 } } });
    const input = screen.getByLabelText('Temperature');
    expect(input).toHaveAttribute('type', 'number');
    expect(input).toHaveAttribute('step', 'any');
    expect(input).toHaveAccessibleDescription('Between 0 and 1');
    await user.type(input, '1.5');
    await user.click(accept());
    expect(screen.getByText('Enter 1 or less.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '1');
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: { t: 1 } });
  });

  it('enforces the minimum', async () => {
    const { onRespond, user } = renderForm({ properties: { n: { type: 'number', title: 'N', minimum: 2.5 } } });
    await user.type(screen.getByLabelText('N'), '2.4');
    await user.click(accept());
    expect(onRespond).not.toHaveBeenCalled();
    expect(screen.getByText('Enter 2.5 or more.')).toBeInTheDocument();
  });

  it('uses step 1 for integers and rejects fractions', async () => {
    const { onRespond, user } = renderForm({ properties: { count: { type: 'integer', title: 'Count', minimum: 1, maximum: 5 } } });
    const input = screen.getByLabelText('Count');
    expect(input).toHaveAttribute('step', '1');
    await user.type(input, '2.5');
    await user.click(accept());
    expect(screen.getByText('Enter a whole number.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '6');
    await user.click(accept());
    expect(screen.getByText('Enter 5 or less.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '3');
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: { count: 3 } });
    expect(Number.isInteger(onRespond.mock.calls[0][1].content.count)).toBe(true);
  });

  it('prefills a numeric default', () => {
    renderForm({ properties: { n: { type: 'integer', title: 'N', default: 4 } } });
    expect(screen.getByLabelText('N')).toHaveValue(4);
  });
});

describe('ElicitationForm: booleans', () => {
  it('renders a switch, prefilled from the default, and sends a boolean', async () => {
    const { onRespond, user } = renderForm({
      properties: { tests: { type: 'boolean', title: 'Run tests', default: true }, lint: { type: 'boolean', title: 'Lint' } },
    });
    const tests = screen.getByRole('switch', { name: 'Run tests' });
    expect(tests).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Lint' })).not.toBeChecked();
    await user.click(tests);
    await user.click(screen.getByRole('switch', { name: 'Lint' }));
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: { tests: false, lint: true } });
  });
});

describe('ElicitationForm: single select', () => {
  it('shows enum values as radios and sends the chosen one', async () => {
    const { onRespond, user } = renderForm({ properties: { env: { type: 'string', title: 'Environment', enum: ['dev', 'prod'] } } });
    const group = screen.getByRole('radiogroup', { name: 'Environment' });
    await user.click(within(group).getByRole('radio', { name: 'prod' }));
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: { env: 'prod' } });
  });

  it('shows oneOf titles and sends the const', async () => {
    const { onRespond, user } = renderForm({
      properties: {
        region: {
          type: 'string',
          title: 'Region',
          oneOf: [
            { const: 'eu-central-1', title: 'Frankfurt', description: 'Closest to you' },
            { const: 'us-east-1', title: 'Virginia' },
          ],
          default: 'us-east-1',
        },
      },
    });
    expect(screen.getByRole('radio', { name: /Virginia/ })).toBeChecked();
    expect(screen.getByText('Closest to you')).toBeInTheDocument();
    expect(screen.queryByText('eu-central-1')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Frankfurt/ }));
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: { region: 'eu-central-1' } });
  });

  it('uses a select for long option lists', async () => {
    const { onRespond, user } = renderForm({
      properties: {
        lang: { type: 'string', title: 'Language', oneOf: ['en', 'fr', 'de', 'es', 'it'].map((c) => ({ const: c, title: c.toUpperCase() })) },
      },
      required: ['lang'],
    });
    const select = screen.getByRole('combobox', { name: /Language/ });
    expect(select).toHaveAttribute('aria-required', 'true');
    await user.click(accept());
    expect(onRespond).not.toHaveBeenCalled();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(select, 'FR');
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: { lang: 'fr' } });
  });

  it('lets an optional radio choice be cleared', async () => {
    const { onRespond, user } = renderForm({ properties: { env: { type: 'string', title: 'Env', enum: ['a', 'b'], default: 'a' } } });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('radio', { name: 'a' })).not.toBeChecked();
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: {} });
  });
});

describe('ElicitationForm: multi select', () => {
  const schema: Schema = {
    properties: {
      tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['bug', 'docs', 'perf'] }, minItems: 1, maxItems: 2, default: ['docs'] },
    },
  };

  it('shows a checkbox group with the default checked and sends a string array', async () => {
    const { onRespond, user } = renderForm(schema);
    const group = screen.getByRole('group', { name: 'Tags' });
    expect(within(group).getByRole('checkbox', { name: 'docs' })).toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: 'bug' }));
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: { tags: ['bug', 'docs'] } });
  });

  it('enforces maxItems', async () => {
    const { onRespond, user } = renderForm(schema);
    await user.click(screen.getByRole('checkbox', { name: 'bug' }));
    await user.click(screen.getByRole('checkbox', { name: 'perf' }));
    await user.click(accept());
    expect(onRespond).not.toHaveBeenCalled();
    expect(screen.getByText('Choose at most 2.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Tags' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('enforces minItems', async () => {
    const { onRespond, user } = renderForm({
      properties: { tags: { type: 'array', title: 'Tags', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 2 } },
    });
    expect(screen.getByRole('group', { name: 'Tags' })).toHaveAccessibleDescription('Choose at least 2');
    await user.click(screen.getByRole('checkbox', { name: 'a' }));
    await user.click(accept());
    expect(onRespond).not.toHaveBeenCalled();
    expect(screen.getByText('Choose at least 2.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'c' }));
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: { tags: ['a', 'c'] } });
  });

  it('leaves an optional multi-select out when nothing is chosen, and requires a choice when required', async () => {
    const { onRespond, user, unmount } = renderForm(schema);
    await user.click(screen.getByRole('checkbox', { name: 'docs' }));
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: {} });
    unmount();
    const again = renderForm({ ...schema, required: ['tags'] });
    await again.user.click(screen.getByRole('checkbox', { name: 'docs' }));
    await again.user.click(accept());
    expect(again.onRespond).not.toHaveBeenCalled();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
  });

  it('shows anyOf titles and sends the consts', async () => {
    const { onRespond, user } = renderForm({
      properties: {
        c: {
          type: 'array',
          title: 'Colors',
          items: {
            anyOf: [
              { const: '#f00', title: 'Red' },
              { const: '#00f', title: 'Blue' },
            ],
          },
        },
      },
    });
    await user.click(screen.getByRole('checkbox', { name: 'Blue' }));
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: { c: ['#00f'] } });
  });
});

describe('ElicitationForm: required, validation and focus', () => {
  const schema: Schema = {
    properties: {
      first: { type: 'string', title: 'First' },
      second: { type: 'string', title: 'Second' },
      third: { type: 'integer', title: 'Third' },
    },
    required: ['second', 'third'],
  };

  it('marks required fields visually and with aria-required', () => {
    renderForm(schema);
    expect(screen.getByLabelText('First')).not.toHaveAttribute('aria-required');
    const second = screen.getByLabelText(/Second/);
    expect(second).toHaveAttribute('aria-required', 'true');
    expect(second.closest('[data-slot="elicitation-field"]')!.querySelector('.acp-elicitation__required')).toHaveTextContent('*');
    expect(screen.getByText('Fields marked * are required.')).toBeInTheDocument();
  });

  it('validates on blur', async () => {
    const { user } = renderForm(schema);
    await user.click(screen.getByLabelText(/Second/));
    await user.tab();
    expect(screen.getByLabelText(/Second/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Second/)).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText(/Third/)).not.toHaveAttribute('aria-invalid');
  });

  it('clears the error as soon as a touched field becomes valid', async () => {
    const { user } = renderForm(schema);
    await user.click(accept());
    await user.type(screen.getByLabelText(/Second/), 'x');
    expect(screen.getByLabelText(/Second/)).not.toHaveAttribute('aria-invalid');
  });

  it('focuses the first invalid field on a failed submit and sends nothing', async () => {
    const { onRespond, user } = renderForm(schema);
    await user.click(accept());
    expect(onRespond).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Second/)).toHaveFocus();
    expect(screen.getByLabelText(/Third/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need attention');
  });

  it('submits with Enter in a text field and only includes fields with values', async () => {
    const { onRespond, user } = renderForm(schema);
    await user.type(screen.getByLabelText(/Second/), 'b');
    await user.type(screen.getByLabelText(/Third/), '7{Enter}');
    expect(onRespond).toHaveBeenCalledTimes(1);
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: { second: 'b', third: 7 } });
  });

  it('prefills string defaults', () => {
    renderForm({ properties: { name: { type: 'string', title: 'Name', default: 'main' } } });
    expect(screen.getByLabelText('Name')).toHaveValue('main');
  });
});

describe('ElicitationForm: unsupported fields and secrets', () => {
  it('shows a notice instead of a control and keeps an optional unknown field out of the content', async () => {
    const { onRespond, user, container } = renderForm({
      properties: { color: { type: '_color', title: 'Color' }, name: { type: 'string', title: 'Name' } },
    });
    expect(screen.getByText(/This field type is not supported \(_color\)/)).toBeInTheDocument();
    const field = container.querySelector('[data-kind="unsupported"]')!;
    expect(field.querySelector('input, select, textarea')).toBeNull();
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept', content: { name: 'x' } });
  });

  it('makes Accept impossible when an unknown field is required, and says why', async () => {
    const { onRespond, user } = renderForm({ properties: { blob: { type: 'object', title: 'Blob' } }, required: ['blob'] });
    expect(accept()).toBeDisabled();
    expect(accept()).toHaveAccessibleDescription(/cannot be accepted/);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'decline' });
  });

  it('warns when a field looks like a password or key request', () => {
    renderForm({ properties: { apiKey: { type: 'string', title: 'OpenAI API key' }, name: { type: 'string', title: 'Name' } } });
    expect(screen.getByLabelText('OpenAI API key')).toHaveAccessibleDescription(/Never enter passwords here/);
    expect(screen.getByLabelText('Name')).not.toHaveAccessibleDescription(/Never enter passwords/);
  });
});

describe('ElicitationForm: decline, cancel and answering once', () => {
  it('declines with exactly {action: decline}', async () => {
    const { onRespond, user } = renderForm({ properties: { a: { type: 'string' } }, required: ['a'] });
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'decline' });
    expect(screen.getByRole('region')).toHaveAttribute('data-status', 'declined');
  });

  it('cancels with the Cancel button', async () => {
    const { onRespond, user } = renderForm({ properties: {} });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'cancel' });
  });

  it('cancels with Escape', async () => {
    const { onRespond, user } = renderForm({ properties: { a: { type: 'string', title: 'A' } } });
    await user.click(screen.getByLabelText('A'));
    await user.keyboard('{Escape}');
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'cancel' });
    expect(onRespond).toHaveBeenCalledTimes(1);
  });

  it('answers once and then shows what was sent, keeping focus in the card', async () => {
    const { onRespond, user } = renderForm({
      properties: {
        ok: { type: 'boolean', title: 'Proceed' },
        env: { type: 'string', title: 'Env', oneOf: [{ const: 'p', title: 'Production' }], default: 'p' },
      },
    });
    await user.click(accept());
    expect(onRespond).toHaveBeenCalledTimes(1);
    const region = screen.getByRole('region');
    expect(region).toHaveAttribute('data-status', 'accepted');
    expect(region).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(within(region).getByText('Production')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onRespond).toHaveBeenCalledTimes(1);
  });
});

describe('ElicitationForm: read-only states', () => {
  it.each([
    ['declined', 'You declined this request.'],
    ['cancelled', 'This request was cancelled.'],
    ['interrupted', 'Interrupted: the connection dropped before this request was answered.'],
  ] as const)('shows %s without controls', (status, text) => {
    renderForm({ properties: { a: { type: 'string', title: 'A' } } }, { status });
    expect(screen.getByRole('region')).toHaveAttribute('data-status', status);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByLabelText('A')).toBeNull();
  });

  it('shows the submitted values of an accepted form', () => {
    renderForm(
      { properties: { n: { type: 'integer', title: 'Count' }, ok: { type: 'boolean', title: 'Proceed' } } },
      { status: 'accepted', response: { action: 'accept', content: { n: 3, ok: true } } },
    );
    expect(screen.getByText('Count').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('Proceed').nextSibling).toHaveTextContent('Yes');
  });

  it('refuses an unknown mode without controls', () => {
    render(<ElicitationForm elicitation={formRequest({}, { mode: 'telepathy' })} onRespond={vi.fn()} />);
    expect(screen.getByText(/Request mode "telepathy" is not supported/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('ElicitationForm: URL mode', () => {
  function renderUrl(url: string, extra: Partial<ElicitationState> = {}) {
    const onRespond = vi.fn();
    const onDismiss = vi.fn();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = userEvent.setup();
    const utils = render(<ElicitationForm elicitation={urlRequest(url, extra)} onRespond={onRespond} onDismiss={onDismiss} />);
    return { ...utils, onRespond, onDismiss, open, user };
  }

  it('shows the full URL as text with the host highlighted, never as a link or frame', () => {
    const { container } = renderUrl('https://github.com/login/device?code=ABCD');
    expect(screen.getByRole('region', { name: 'The agent asks you to open a web page' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to GitHub')).toBeInTheDocument();
    expect(container.querySelector('[data-slot="elicitation-url"]')).toHaveTextContent('https://github.com/login/device?code=ABCD');
    expect(container.querySelector('[data-slot="elicitation-url-host"]')).toHaveTextContent('github.com');
    expect(container.querySelector('[data-slot="elicitation-host"]')).toHaveTextContent('github.com');
    expect(container.querySelector('a, iframe')).toBeNull();
  });

  it('opens https in a new tab with noopener and then accepts', async () => {
    const { onRespond, open, user } = renderUrl('https://github.com/login/device');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(open).toHaveBeenCalledWith('https://github.com/login/device', '_blank', 'noopener,noreferrer');
    expect(onRespond).toHaveBeenCalledWith('e1', { action: 'accept' });
    expect(screen.getByRole('region')).toHaveAttribute('data-status', 'waiting');
    expect(screen.getByText('Waiting for completion…')).toBeInTheDocument();
  });

  it('refuses http to a remote host with an explanation', async () => {
    const { onRespond, open, user } = renderUrl('http://example.com/login');
    const button = screen.getByRole('button', { name: 'Open' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/Only https addresses can be opened/);
    expect(screen.getByText('This address is not encrypted (http).')).toBeInTheDocument();
    await user.click(button);
    expect(open).not.toHaveBeenCalled();
    expect(onRespond).not.toHaveBeenCalled();
  });

  it('allows http on 127.0.0.1', async () => {
    const { open, user } = renderUrl('http://127.0.0.1:8123/callback');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(open).toHaveBeenCalledWith('http://127.0.0.1:8123/callback', '_blank', 'noopener,noreferrer');
  });

  it('refuses javascript: URLs', async () => {
    const { open, user } = renderUrl('javascript:alert(document.cookie)');
    expect(screen.getByRole('button', { name: 'Open' })).toBeDisabled();
    expect(screen.getByText('Only https addresses can be opened.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Enter}');
    expect(open).not.toHaveBeenCalled();
  });

  it('warns about punycode hosts', () => {
    renderUrl('https://xn--80ak6aa92e.com/');
    expect(screen.getByText(/punycode "xn--"/)).toBeInTheDocument();
  });

  it('declines and cancels', async () => {
    const first = renderUrl('https://example.com/');
    await first.user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(first.onRespond).toHaveBeenCalledWith('e1', { action: 'decline' });
    first.unmount();
    const second = renderUrl('https://example.com/');
    await second.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(second.onRespond).toHaveBeenCalledWith('e1', { action: 'cancel' });
    expect(second.open).not.toHaveBeenCalled();
  });

  it('offers Done and Cancel while waiting', async () => {
    const { onDismiss, user } = renderUrl('https://example.com/', { status: 'accepted', response: { action: 'accept' } });
    expect(screen.getByText('Waiting for completion…')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDismiss).toHaveBeenCalledWith('e1', 'done');
    expect(screen.getByText('Marked as done.')).toBeInTheDocument();
  });

  it('shows completion', () => {
    renderUrl('https://example.com/', { status: 'completed', response: { action: 'accept' } });
    expect(screen.getByRole('region')).toHaveAttribute('data-status', 'completed');
    expect(screen.getByText('Completed.')).toBeInTheDocument();
    expect(screen.queryByText('Waiting for completion…')).toBeNull();
  });
});
