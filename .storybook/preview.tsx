import type { Preview } from '@storybook/react-vite';
import '../src/styles/index.js';

const preview: Preview = {
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [
    (Story, context) => {
      // `?globals=theme:dark` in the URL (used by the browser tests) selects the dark theme.
      const theme = context.globals.theme === 'dark' ? 'dark' : 'light';
      return (
        <div
          data-theme={theme}
          style={{
            background: 'var(--acp-bg)',
            color: 'var(--acp-fg)',
            padding: 16,
            // A story fills the preview; on a docs page each one is a block of its own height.
            minHeight: context.viewMode === 'docs' ? undefined : '100vh',
            boxSizing: 'border-box',
            fontFamily: 'var(--acp-font-sans)',
            fontSize: 'var(--acp-font-size)',
          }}
        >
          <Story />
        </div>
      );
    },
  ],
  parameters: { layout: 'fullscreen' },
};

export default preview;
