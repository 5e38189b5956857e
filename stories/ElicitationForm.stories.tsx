import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { ElicitationForm } from '../src/components/ElicitationForm/index.js';
import { ElicitationFallback } from '../src/components/ElicitationForm/ElicitationForm.js';
import type { CreateElicitationResponse, ElicitationState } from '../src/core/types.js';

type Schema = NonNullable<ElicitationState['requestedSchema']>;

const base: ElicitationState = {
  requestId: 'elicit-1',
  mode: 'form',
  message: 'Before I deploy, tell me where and how.',
  sessionId: 'sess-1',
  toolCallId: null,
  scopeRequestId: null,
  requestedSchema: null,
  url: null,
  elicitationId: null,
  status: 'pending',
  response: null,
  createdAt: 0,
};

const deploySchema: Schema = {
  type: 'object',
  title: 'Deployment settings',
  description: 'These values are passed to the deploy script.',
  properties: {
    service: { type: 'string', title: 'Service name', minLength: 3, maxLength: 32, pattern: '^[a-z][a-z0-9-]*$', default: 'web' },
    owner: { type: 'string', title: 'Owner email', format: 'email' },
    docs: { type: 'string', title: 'Runbook', format: 'uri', description: 'Link to the runbook for on-call.' },
    region: {
      type: 'string',
      title: 'Region',
      oneOf: [
        { const: 'eu-central-1', title: 'Frankfurt', description: 'Closest to most users' },
        { const: 'us-east-1', title: 'N. Virginia' },
        { const: 'ap-southeast-2', title: 'Sydney' },
      ],
      default: 'eu-central-1',
    },
    replicas: { type: 'integer', title: 'Replicas', minimum: 1, maximum: 10, default: 2 },
    cpu: { type: 'number', title: 'CPU share', minimum: 0.25, maximum: 4 },
    window: { type: 'string', title: 'Maintenance day', format: 'date' },
    at: { type: 'string', title: 'Start at', format: 'date-time' },
    canary: { type: 'boolean', title: 'Canary first', description: 'Route 5% of traffic before the full rollout.', default: true },
    checks: {
      type: 'array',
      title: 'Checks to run',
      items: { type: 'string', enum: ['unit', 'integration', 'smoke'] },
      minItems: 1,
      default: ['unit'],
    },
    tier: { type: 'string', title: 'Log level', enum: ['trace', 'debug', 'info', 'warn', 'error'], default: 'info' },
  },
  required: ['service', 'owner', 'region'],
};

/** Keeps the status in sync the way a host would after `onRespond`. */
function Interactive({ initial }: { initial: ElicitationState }) {
  const [state, setState] = useState(initial);
  const onRespond = (_id: string, response: CreateElicitationResponse) => {
    const status = response.action === 'accept' ? 'accepted' : response.action === 'decline' ? 'declined' : 'cancelled';
    setState((s) => ({ ...s, status, response }));
  };
  return <ElicitationForm elicitation={state} onRespond={onRespond} />;
}

const meta = {
  title: 'Components/ElicitationForm',
  component: ElicitationForm,
  args: { elicitation: base, onRespond: () => {} },
} satisfies Meta<typeof ElicitationForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Before the form's code has been fetched: the request can already be read. */
export const WhileLoading: Story = {
  render: (args) => <ElicitationFallback {...args} state={{ error: undefined, retry: () => {} }} />,
};

export const AllFieldKinds: Story = {
  render: () => <Interactive initial={{ ...base, requestedSchema: deploySchema }} />,
};

export const Simple: Story = {
  args: {
    elicitation: {
      ...base,
      message: 'Which branch should I push to?',
      requestedSchema: {
        properties: { branch: { type: 'string', title: 'Branch', default: 'main' } },
        required: ['branch'],
      },
    },
  },
};

export const UnsupportedRequiredField: Story = {
  args: {
    elicitation: {
      ...base,
      message: 'Pick a colour for the badge.',
      requestedSchema: {
        properties: {
          label: { type: 'string', title: 'Badge label' },
          colour: { type: '_color', title: 'Badge colour' },
        },
        required: ['colour'],
      },
    },
  },
};

export const SecretLookingField: Story = {
  args: {
    elicitation: {
      ...base,
      message: 'I need credentials to call the API.',
      requestedSchema: { properties: { apiKey: { type: 'string', title: 'API key' } } },
    },
  },
};

export const Accepted: Story = {
  args: {
    elicitation: {
      ...base,
      requestedSchema: deploySchema,
      status: 'accepted',
      response: {
        action: 'accept',
        content: { service: 'web', owner: 'ops@example.com', region: 'us-east-1', replicas: 3, canary: true, checks: ['unit', 'smoke'] },
      },
    },
  },
};

export const Declined: Story = {
  args: { elicitation: { ...base, requestedSchema: deploySchema, status: 'declined', response: { action: 'decline' } } },
};

export const Cancelled: Story = {
  args: { elicitation: { ...base, requestedSchema: deploySchema, status: 'cancelled', response: { action: 'cancel' } } },
};

export const Interrupted: Story = {
  args: { elicitation: { ...base, requestedSchema: deploySchema, status: 'interrupted' } },
};

const urlBase: ElicitationState = {
  ...base,
  requestId: 'elicit-url',
  mode: 'url',
  message: 'Sign in to GitHub so I can open the pull request.',
  url: 'https://github.com/login/device?user_code=WDJB-MJHT',
  elicitationId: 'gh-device-1',
};

export const UrlConsent: Story = {
  render: () => <Interactive initial={urlBase} />,
};

export const UrlPunycode: Story = {
  args: { elicitation: { ...urlBase, url: 'https://xn--githb-7va.com/login/device' } },
};

export const UrlInsecureRefused: Story = {
  args: { elicitation: { ...urlBase, url: 'http://auth.example.com/callback?state=abc' } },
};

export const UrlLoopbackAllowed: Story = {
  args: { elicitation: { ...urlBase, url: 'http://127.0.0.1:8976/oauth/callback' } },
};

export const UrlJavascriptRefused: Story = {
  args: { elicitation: { ...urlBase, url: 'javascript:alert(document.cookie)' } },
};

export const UrlWaiting: Story = {
  args: { elicitation: { ...urlBase, status: 'accepted', response: { action: 'accept' } } },
};

export const UrlCompleted: Story = {
  args: { elicitation: { ...urlBase, status: 'completed', response: { action: 'accept' } } },
};
